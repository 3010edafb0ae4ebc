import zlib from 'node:zlib'

/**
 * A small in-memory cache of rendered pages for visitors without cookies (nothing personal can
 * be on those pages). Each instance keeps its own; entries expire after a short TTL, and a
 * catalogue import clears it, so a change is visible everywhere within the TTL at most.
 *
 * Each replay gets the new response's own CSP nonce: the page is kept split where the nonce it
 * was rendered with appeared, and joined again around the fresh one (see
 * docs/decisions/0003-page-cache.md). The pieces are also kept deflated, so a replay to a browser
 * that accepts gzip is spliced together without compressing anything (decision 0015).
 */
export type CachedPage = {
	status: number
	headers: Array<[string, string]>
	/** The body split at each occurrence of the render-time nonce. */
	parts: Buffer[]
	/**
	 * Each part as raw deflate blocks ending on a byte boundary, none of them final; undefined
	 * when the page cannot be spliced safely (it contains NUL bytes).
	 */
	deflated: Buffer[] | undefined
	/** The render-time nonce's length: a replay nonce must be as long to splice. */
	nonceLength: number
	bytes: number
	expiresAt: number
}

type NewPage = { status: number; headers: Array<[string, string]>; body: Buffer; nonce: string }

/**
 * What a request for a cacheable page does (PageCache.lookup): replay `page`; render it and call
 * `done` when finished, stored or not; or wait for the render under way (true if it stored the
 * page: look again; false: render it too, as the page is not one that can be kept).
 */
export type Lookup =
	| { page: CachedPage }
	| { render: { done: () => void } }
	| { wait: Promise<boolean> }

/** How long before an entry expires the next request renders it again while others replay it. */
const REFRESH_AHEAD_MS = 5000

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

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3])
/** An empty stored block with BFINAL set: the end of the deflate stream. */
const FINAL_BLOCK = Buffer.from([1, 0, 0, 0xff, 0xff])

const WINDOW = 32 * 1024

/**
 * Each part as raw deflate blocks another block may follow (a sync flush ends on a byte
 * boundary). A part may refer back into the parts before it (the preset dictionary), with NUL
 * bytes where the nonce will be: a page has no NUL bytes, so no back-reference can reach into the
 * nonce, and the distances stay right because every nonce is as long as the render-time one.
 */
function deflateParts(parts: Buffer[], nonceLength: number) {
	const filler = Buffer.alloc(nonceLength)
	let history = Buffer.alloc(0)
	return parts.map((part, i) => {
		if (i > 0) history = Buffer.concat([history, filler]).subarray(-WINDOW)
		const deflated = zlib.deflateRawSync(part, {
			level: 9,
			finishFlush: zlib.constants.Z_SYNC_FLUSH,
			...(history.length > 0 ? { dictionary: history } : {}),
		})
		history = Buffer.concat([history, part]).subarray(-WINDOW)
		return deflated
	})
}

/** `data` (under 64 KB) as one stored, non-final deflate block, for splicing between parts. */
function storedBlock(data: Buffer) {
	const header = Buffer.alloc(5)
	header.writeUInt16LE(data.length, 1)
	header.writeUInt16LE(data.length ^ 0xffff, 3)
	return Buffer.concat([header, data])
}

/**
 * The cached body with `nonce` as a gzip member, spliced from the parts deflated at store time and
 * the nonce as a stored block: the same bytes `bodyWithNonce` gives, after gunzip, at the cost of a
 * CRC instead of a compression pass.
 */
export function gzipWithNonce(page: CachedPage, nonce: string) {
	const glue = Buffer.from(nonce)
	if (!page.deflated || glue.length !== page.nonceLength) return undefined
	const stored = storedBlock(glue)
	const pieces: Buffer[] = [GZIP_HEADER]
	let crc = 0
	let size = 0
	page.parts.forEach((part, i) => {
		if (i > 0) {
			pieces.push(stored)
			crc = zlib.crc32(glue, crc)
			size += glue.length
		}
		pieces.push(page.deflated![i]!)
		crc = zlib.crc32(part, crc)
		size += part.length
	})
	const trailer = Buffer.alloc(8)
	trailer.writeUInt32LE(crc >>> 0, 0)
	trailer.writeUInt32LE(size >>> 0, 4)
	pieces.push(FINAL_BLOCK, trailer)
	return Buffer.concat(pieces)
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
	/** Renders under way, by key, for others to wait for (lookup). */
	readonly #renders = new Map<string, Promise<boolean>>()
	readonly #refreshAheadMs: number
	#bytes = 0
	#generation = 0

	constructor(
		private readonly ttlMs: number,
		private readonly maxBytes = 32 * 1024 * 1024,
	) {
		this.#refreshAheadMs = Math.min(REFRESH_AHEAD_MS, ttlMs / 4)
	}

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

	/**
	 * One render of a page at a time, however many requests arrive for it. The first request to
	 * find no entry renders it and later ones wait for that render; the first to arrive in an
	 * entry's last seconds renders it again while the others go on replaying the entry, so under
	 * steady traffic nobody waits for a render. Before, every request that arrived while an expired
	 * `/` was rendering rendered it too: at 200 requests/s, dozens of renders held the server for
	 * 0.4 s once a minute (bench:jobs, fifteenth session). The caller of a `render` must call its
	 * `done`, whatever the outcome.
	 */
	lookup(key: string, now = Date.now()): Lookup {
		const entry = this.get(key, now)
		const rendering = this.#renders.get(key)
		if (rendering) return entry ? { page: entry } : { wait: rendering }
		if (entry && entry.expiresAt - now > this.#refreshAheadMs) return { page: entry }
		let finish = (_stored: boolean) => {}
		const render = new Promise<boolean>((resolve) => {
			finish = resolve
		})
		this.#renders.set(key, render)
		const done = () => {
			if (this.#renders.get(key) === render) this.#renders.delete(key)
			finish(this.#entries.has(key))
		}
		return { render: { done } }
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
		const nonceLength = Buffer.byteLength(nonce)
		const deflated = body.includes(0) ? undefined : deflateParts(parts, nonceLength)
		const bytes = body.length + (deflated ?? []).reduce((sum, d) => sum + d.length, 0)
		const expiresAt = dataAsOf + this.ttlMs
		const entry = { status, headers, parts, deflated, nonceLength, bytes, expiresAt }
		this.#entries.set(key, entry)
		this.#bytes += sizeOf(entry)
		for (const [oldest, entry] of this.#entries) {
			if (this.#bytes <= this.maxBytes) break
			this.#delete(oldest, entry)
		}
	}

	clear() {
		this.#entries.clear()
		// Renders under way began before the clear and will not be stored: the next request starts anew.
		this.#renders.clear()
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
