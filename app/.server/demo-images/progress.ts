/**
 * Short, honest progress lines for the image steps running side by side:
 * `Images: 120 of 378 (site 15 of 15, products 80 of 253, portfolio 25 of 110)`, at most one
 * line per interval (and none for steps that had nothing to do).
 */
export class Progress {
	readonly #steps = new Map<string, { done: number; total: number }>()
	readonly #started: number
	#printedAt: number

	constructor(
		private readonly print: (line: string) => void,
		private readonly intervalMs = 3000,
		private readonly now: () => number = Date.now,
	) {
		this.#started = now()
		this.#printedAt = this.#started
	}

	update(step: string, done: number, total: number) {
		this.#steps.set(step, { done, total })
		const all = [...this.#steps.values()]
		const finished = all.every((s) => s.done >= s.total)
		if (finished || this.now() - this.#printedAt >= this.intervalMs) {
			this.#printedAt = this.now()
			this.print(this.line())
		}
	}

	line() {
		const steps = [...this.#steps.entries()]
		const done = steps.reduce((sum, [, s]) => sum + s.done, 0)
		const total = steps.reduce((sum, [, s]) => sum + s.total, 0)
		const parts = steps.map(([name, s]) => `${name} ${s.done} of ${s.total}`).join(', ')
		return `Images: ${done} of ${total} (${parts})`
	}

	/** The closing line, once every step has returned. */
	finish(filesWritten: number) {
		const secs = ((this.now() - this.#started) / 1000).toFixed(1)
		return filesWritten === 0
			? 'Images: up to date'
			: `Images: ${filesWritten} files written in ${secs} s`
	}
}
