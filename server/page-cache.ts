import zlib from 'node:zlib'

/**
 * A small in-memory cache of rendered pages for visitors without cookies (nothing personal can
 * be on those pages). Each instance keeps its own; entries expire after a short TTL, and a
 * catalogue import clears it, so a change is visible everywhere within the TTL at most.
 *
 * A hit is replayed byte for byte, pre-compressed, with the CSP nonce it was rendered with: the
 * nonce stays unpredictable to anyone who could inject markup into that page (see
 * docs/decisions/0003-page-cache.md).
 */
export type CachedPage = {
	status: number
	headers: Array<[string, string]>
	body: Buffer
	gzip: Buffer
	brotli: Buffer
	nonce: string
	expiresAt: number
}

export function compressPage(body: Buffer) {
	return {
		gzip: zlib.gzipSync(body, { level: 6 }),
		brotli: zlib.brotliCompressSync(body, {
			params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 },
		}),
	}
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
		page: Omit<CachedPage, 'expiresAt' | 'gzip' | 'brotli'>,
		dataAsOf = Date.now(),
		generation = this.#generation,
	) {
		if (!this.enabled || generation !== this.#generation || page.body.length > this.maxBytes / 8)
			return
		const existing = this.#entries.get(key)
		if (existing) this.#delete(key, existing)
		const entry = { ...page, ...compressPage(page.body), expiresAt: dataAsOf + this.ttlMs }
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

const sizeOf = (entry: CachedPage) => entry.body.length + entry.gzip.length + entry.brotli.length
