/**
 * At most `size` holders at once; the rest wait their turn in order. Photo work is memory-heavy
 * (a 20 MB body, its decoded pixels) and the server's heap is capped (decision 0013): uploads and
 * resizing take a slot, so ten admins uploading at once queue instead of exhausting memory.
 */
export class Slots {
	private running = 0
	private readonly waiting: Array<() => void> = []

	constructor(private readonly size: number) {}

	async run<T>(work: () => Promise<T>): Promise<T> {
		if (this.running >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve))
		else this.running++
		try {
			return await work()
		} finally {
			// The slot passes straight to the next in line, so none can jump the queue.
			const next = this.waiting.shift()
			if (next) next()
			else this.running--
		}
	}
}

/**
 * The one queue for reading and checking uploaded photos, whoever sends them: admins' uploads
 * (app/routes/admin.photos.server.ts) and customers' problem reports (issue 57 item 5). Two at a
 * time: each may hold a 50 MB body on disk and a decoded photo in the worker, and the heap is capped.
 */
export const uploadSlots = new Slots(2)
