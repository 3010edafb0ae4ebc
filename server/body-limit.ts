import type { IncomingMessage, ServerResponse } from 'node:http'
import { type Readable, Transform } from 'node:stream'
import { MAX_UPLOAD_BYTES } from '../app/lib/catalog/upload'
import { PROBLEM_UPLOAD_LIMIT_BYTES } from '../app/lib/order-requests'
import { MAX_PHOTO_UPLOAD_BYTES } from '../app/lib/photos'

/** Every request body is capped here; a route with uploads will pass its own, higher limit. */
export const MAX_BODY_BYTES = 1024 * 1024

/**
 * Upload paths: well above the route's own limit, so a file a little too big reaches the route
 * and gets its clear message in the page; only a far bigger body is cut off here.
 */
const UPLOAD_LIMITS = new Map([
	['/admin/catalogue', 3 * MAX_UPLOAD_BYTES],
	// Photos for the product (and later portfolio) editors: a few at a time from the plain form.
	['/admin/photos', 4 * MAX_PHOTO_UPLOAD_BYTES],
])
/** A problem report's photos (issue 30 item 7), on each order's own path. */
const PROBLEM_REPORT_PATH = /^\/account\/orders\/[^/]+\/problem$/

/** The limit for one request: the one place to give an upload path its own, higher limit. */
export function bodyLimitFor(req: IncomingMessage) {
	const path = (req.url ?? '').split('?')[0]!
	if (PROBLEM_REPORT_PATH.test(path)) return 2 * PROBLEM_UPLOAD_LIMIT_BYTES
	return UPLOAD_LIMITS.get(path) ?? MAX_BODY_BYTES
}

export class BodyTooLargeError extends Error {
	readonly status = 413
	constructor(readonly limit: number) {
		super(`request body over ${limit} bytes`)
	}
}

/**
 * The body as it arrives, counted chunk by chunk: Content-Length can be absent (chunked) or
 * wrong, so the count is the only trustworthy measure. Past `limit` the stream fails and the
 * source is no longer read; `exceeded()` tells the caller to answer 413.
 */
export function limitBody(source: Readable, limit: number) {
	let seen = 0
	let exceeded = false
	const counter = new Transform({
		transform(chunk: Buffer, _encoding, callback) {
			seen += chunk.length
			if (seen > limit) {
				exceeded = true
				source.unpipe(counter)
				callback(new BodyTooLargeError(limit))
				return
			}
			callback(null, chunk)
		},
	})
	source.pipe(counter)
	return { stream: counter, exceeded: () => exceeded }
}

/**
 * For a response sent before its request body was read to the end. Closing at once would reset
 * a socket that still has unread data, and the client would lose the answer; so the rest is read
 * and dropped (never parsed or kept) for a few seconds, then the connection is cut.
 */
export function drainAfterResponse(req: IncomingMessage, res: ServerResponse, lingerMs = 5000) {
	if (req.complete) return
	res.once('finish', () => {
		if (req.complete) return
		const timer = setTimeout(() => req.socket.destroy(), lingerMs)
		timer.unref()
		req.once('end', () => clearTimeout(timer))
		req.resume()
	})
}

/**
 * Reads what is left of a request body and drops it (never parsed or kept), up to `maxBytes` or
 * `maxMs`; true when the body ended. For an answer given before the body was read: a client that
 * sent `Connection: close` has its socket closed once the answer is out, and closing on unread
 * bytes resets the connection, so the client lost the answer (the fuzz suite saw EPIPE).
 */
export function discardRest(req: IncomingMessage, maxBytes = 8 * MAX_BODY_BYTES, maxMs = 2000) {
	if (req.complete || req.readableEnded || req.destroyed) return Promise.resolve(true)
	return new Promise<boolean>((resolve) => {
		let seen = 0
		const finish = (ended: boolean) => {
			clearTimeout(timer)
			req.off('data', onData)
			req.off('end', onEnd)
			req.off('error', onEnd)
			resolve(ended)
		}
		const onData = (chunk: Buffer) => {
			seen += chunk.length
			if (seen > maxBytes) finish(false)
		}
		const onEnd = () => finish(true)
		const timer = setTimeout(() => finish(false), maxMs)
		req.unpipe()
		req.on('data', onData)
		req.once('end', onEnd)
		req.once('error', onEnd)
		req.resume()
	})
}

/** 413, once the rest of the body is read and dropped (past 8 MB, the connection is cut instead). */
export async function sendTooLarge(req: IncomingMessage, res: ServerResponse) {
	if (!(await discardRest(req))) drainAfterResponse(req, res)
	res.statusCode = 413
	res.setHeader('Content-Type', 'text/plain; charset=utf-8')
	res.end('The request is too large.')
}
