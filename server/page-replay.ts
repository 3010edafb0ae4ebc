import type { Request, Response } from 'express'
import { acceptsGzip } from './compress-body'
import { bodyWithNonce, type CachedPage, gzipWithNonce, type Lookup, PageCache } from './page-cache'

// The router handler's side of the page cache (decision 0003): whether a rendered response may be
// kept, waiting for another request's render of the same page, and replaying a kept page with this
// response's own CSP nonce.

/**
 * The longest a personal page is replayed to its private link; it ends sooner at the next moment
 * the clock alone changes the page (order-page-stamp.ts, project-page-moment.ts).
 */
export const PRIVATE_PAGE_REPLAY_MS = 60_000

/**
 * Personal pages opened by their private link without cookies (a customer's other device, a
 * shared inbox, the same customer reloading), rendered once per state and replayed to the same
 * link while nothing on them has changed: order pages (order-page-cache.ts) and pond-build project
 * pages (project-page-cache.ts). Signed-in owners, `.data` requests and POSTs are always rendered.
 */
export type PrivatePageCache = {
	cache: PageCache
	/**
	 * The page's replay key and until when a render may be replayed, or undefined (not this kind
	 * of page, or not replayable). `untilFromPage`: the render itself says until when, in
	 * `context.replayUntil`; a render that does not is not kept.
	 */
	keyFor(
		req: Request,
	): Promise<{ key: string; freshUntil: number; untilFromPage?: true } | undefined>
}

/** A kind of private page's own replays: each at most PRIVATE_PAGE_REPLAY_MS, 8 MB in all. */
export const privateReplays = (ttlMs: number) =>
	new PageCache(Math.min(ttlMs, PRIVATE_PAGE_REPLAY_MS), 8 * 1024 * 1024)

/**
 * A private link's plain visit, `<page>/<id>?key=…` with nothing else in the query (anything else,
 * `&done=book` say, is rendered every time): the id `page` captures, and the key.
 */
export function linkVisit(req: Request, page: RegExp) {
	const id = page.exec(req.path)?.[1]
	const key = req.query.key
	if (!id || typeof key !== 'string' || Object.keys(req.query).length !== 1) return undefined
	return { id, key }
}

/**
 * A replay with this response's own nonce (already in its CSP header): spliced gzip for a browser
 * that takes it (compression() leaves an encoded body alone), otherwise compression() decides.
 */
export function sendCached(
	req: Request,
	res: Response,
	page: CachedPage,
	nonce: string,
	how: 'hit' | 'replay' = 'hit',
) {
	res.status(page.status)
	for (const [name, value] of page.headers) res.append(name, value)
	res.setHeader('X-Page-Cache', how)
	if (how === 'replay') res.setHeader('Cache-Control', 'private, no-store')
	res.vary('Accept-Encoding')
	const gzip = acceptsGzip(req.headers['accept-encoding']) && gzipWithNonce(page, nonce)
	if (gzip) {
		res.setHeader('Content-Encoding', 'gzip')
		res.end(gzip)
	} else {
		res.end(bodyWithNonce(page, nonce))
	}
}

/** A page everyone may be shown: a 200 that sets no cookie and is not private. */
export function isCacheable(response: globalThis.Response) {
	const cacheControl = response.headers.get('cache-control') ?? ''
	return (
		response.status === 200 &&
		!response.headers.has('set-cookie') &&
		!/no-store|private/.test(cacheControl)
	)
}

/**
 * How long a request waits for another's render of the page before rendering it itself: far longer
 * than a render takes, even the first after a start; only a render that hangs is not waited out.
 */
const RENDER_WAIT_MS = 10_000

/** A lookup's answer once there is nothing left to wait for. */
export type Turn = Exclude<Lookup, { wait: Promise<boolean> }> | { render: undefined }

/**
 * After waiting for a render under way: the cached page, or this request's turn to render it
 * (`render` undefined: it renders without one, as the render it waited for stored nothing or took
 * too long).
 */
export async function pageOrTurn(lookup: () => Lookup, firstWait: Promise<boolean>): Promise<Turn> {
	let wait = firstWait
	for (let tries = 0; tries < 3; tries++) {
		if (!(await waitAtMost(wait, RENDER_WAIT_MS))) break
		const found = lookup()
		if (!('wait' in found)) return found
		wait = found.wait
	}
	return { render: undefined }
}

/** What `outcome` gave, or false once `ms` have passed. */
const waitAtMost = (outcome: Promise<boolean>, ms: number) =>
	new Promise<boolean>((resolve) => {
		const timer = setTimeout(() => resolve(false), ms)
		void outcome.then((value) => {
			clearTimeout(timer)
			resolve(value)
		})
	})
