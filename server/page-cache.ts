/**
 * A small in-memory cache of rendered pages for visitors without cookies (nothing personal can
 * be on those pages). Each instance keeps its own; entries expire after a short TTL, and a
 * catalogue import clears it, so a change is visible everywhere within the TTL at most.
 *
 * Each replay gets the new response's own CSP nonce: the page is kept split where the nonce it
 * was rendered with appeared, and joined again around the fresh one (see
 * docs/decisions/0003-page-cache.md).
 */
export type CachedPage = {
	status: number
	headers: Array<[string, string]>
	/** The body split at each occurrence of the render-time nonce. */
	parts: Buffer[]
	bytes: number
	expiresAt: number
}

type NewPage = { status: number; headers: Array<[string, string]>; body: Buffer; nonce: string }

function splitAt(body: Buffer, separator: string) {
	const parts: Buffer[] = []
	const needle = Buffer.from(separator)
	let start = 0
	for (let at = body.indexOf(needle); at !== -1; at = body.indexOf(needle, start)) {
		parts.push(body.subarray(start, at))
		start = at + needle.length
	}
	parts.push(body.subarray(start))
	return parts
}

/** The cached body with `nonce` wherever the render-time nonce was. */
export function bodyWithNonce(page: CachedPage, nonce: string) {
	const glue = Buffer.from(nonce)
	const pieces: Buffer[] = []
	page.parts.forEach((part, i) => {
		if (i > 0) pieces.push(glue)
		pieces.push(part)
	})
	return Buffer.concat(pieces)
}

export class PageCache {
	readonly #entries = new Map<string, CachedPage>()
	#bytes = 0
	#generation = 0

	constructor(
		private readonly ttlMs: number,
		private readonly maxBytes = 32 * 1024 * 1024,
	) {}

	get enabled() {
		return this.ttlMs > 0
	}

	get(key: string, now = Date.now()): CachedPage | undefined {
		const entry = this.#entries.get(key)
		if (!entry) return undefined
		if (entry.expiresAt <= now) {
			this.#delete(key, entry)
			return undefined
		}
		// Re-insert so Map order doubles as least-recently-used order.
		this.#entries.delete(key)
		this.#entries.set(key, entry)
		return entry
	}

	/** Bumped by clear(); a render that began before a clear may show the data it replaced. */
	get generation() {
		return this.#generation
	}

	/**
	 * `dataAsOf`: how current the data behind the page is (the page lives `ttl` from then), and
	 * `generation`: the cache's generation when the render began (a page rendered across a clear
	 * is not stored).
	 */
	set(
		key: string,
		{ status, headers, body, nonce }: NewPage,
		dataAsOf = Date.now(),
		generation = this.#generation,
	) {
		if (!this.enabled || generation !== this.#generation || body.length > this.maxBytes / 8) return
		const existing = this.#entries.get(key)
		if (existing) this.#delete(key, existing)
		const parts = nonce ? splitAt(body, nonce) : [body]
		const entry = { status, headers, parts, bytes: body.length, expiresAt: dataAsOf + this.ttlMs }
		this.#entries.set(key, entry)
		this.#bytes += sizeOf(entry)
		for (const [oldest, entry] of this.#entries) {
			if (this.#bytes <= this.maxBytes) break
			this.#delete(oldest, entry)
		}
	}

	clear() {
		this.#entries.clear()
		this.#bytes = 0
		this.#generation++
	}

	get size() {
		return this.#entries.size
	}

	get bytes() {
		return this.#bytes
	}

	#delete(key: string, entry: CachedPage) {
		this.#entries.delete(key)
		this.#bytes -= sizeOf(entry)
	}
}

const sizeOf = (entry: CachedPage) => entry.bytes
