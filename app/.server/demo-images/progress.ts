/**
 * Short, honest progress lines for drawing the demo pictures: one number, pictures ready of all
 * the pictures (`Images: 120 of 378`), at most one line per interval, then one closing line.
 * Before (issue 62 item 8) a line counted only the kinds of picture started so far ('1 of 15
 * (site 1 of 15)', later '120 of 268'), and the closing line counted files, a picture's several
 * sizes each ('1211 files written'): three numbers for one thing.
 */
export class Progress {
	readonly #started: number
	#printedAt: number

	constructor(
		private readonly print: (line: string) => void,
		/** Every picture, whether drawn now or found drawn already. */
		private readonly total: number,
		private readonly intervalMs = 3000,
		private readonly now: () => number = Date.now,
	) {
		this.#started = now()
		this.#printedAt = this.#started
	}

	/** `done` pictures of the total are ready; the last is left to `finish`. */
	update(done: number) {
		if (done >= this.total || this.now() - this.#printedAt < this.intervalMs) return
		this.#printedAt = this.now()
		this.print(`Images: ${done} of ${this.total}`)
	}

	/** The closing line, once every picture is ready; `drawn` is how many were drawn this time. */
	finish(drawn: number) {
		const secs = ((this.now() - this.#started) / 1000).toFixed(1)
		return drawn === 0
			? 'Images: up to date'
			: `Images: ${this.total} of ${this.total} in ${secs} s`
	}
}
