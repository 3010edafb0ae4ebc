/**
 * A fixed-window counter per key in this process's memory: for limits that bound work rather
 * than guard secrets (a payment link's visits), where a restart forgetting the counts is fine and
 * a database write per request would cost more than the limit saves. Keys are bounded: the oldest
 * window is dropped when there are too many.
 */
export class RateWindow {
	readonly #hits = new Map<string, { start: number; count: number }>()

	constructor(
		private readonly limit: number,
		private readonly windowMs: number,
		private readonly maxKeys = 10_000,
	) {}

	/** Counts one request for the key; false once it is over the limit in this window. */
	take(key: string, now = Date.now()): boolean {
		let entry = this.#hits.get(key)
		if (!entry || now - entry.start >= this.windowMs) {
			this.#hits.delete(key)
			entry = { start: now, count: 0 }
			this.#hits.set(key, entry)
			if (this.#hits.size > this.maxKeys) {
				const oldest = this.#hits.keys().next().value
				if (oldest !== undefined) this.#hits.delete(oldest)
			}
		}
		entry.count += 1
		return entry.count <= this.limit
	}
}
