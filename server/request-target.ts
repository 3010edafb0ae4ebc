import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import type { NextFunction, Request, Response } from 'express'

/** The methods this site answers; anything else (TRACE, PROPFIND, PUT…) is a 405 before routing. */
const METHODS = new Set(['GET', 'HEAD', 'POST'])

/**
 * The path React Router will route: it resolves the request target as a URL, so `//x/auth` is
 * host x with path /auth, and `/./auth`, `/x/../auth`, `/%2e/auth`, `/\auth` all become /auth.
 * Empty segments are collapsed as well, so no request target can name another origin. Null when
 * the target is not a path at all (`*`).
 */
export function normalisedPath(rawPath: string): string | null {
	if (!rawPath.startsWith('/')) return null
	let path = rawPath
	// Collapsing `//` can expose a new dot segment (`/a//../b`), so repeat until nothing changes.
	for (let i = 0; i < 5; i++) {
		let next: string
		try {
			next = new URL(`http://h${path.replace(/[/\\]{2,}/g, '/')}`).pathname
		} catch {
			return null
		}
		if (next === path) return path
		path = next
	}
	return null
}

/**
 * Requests the router cannot take safely are answered here, before any route runs:
 * - an unsupported method: 405 (TRACE also made `new Request()` throw, a 500);
 * - NUL anywhere in the path or query: 400 (PostgreSQL refuses it in text, a 500 with SQLSTATE 22021);
 * - an undecodable path: 400;
 * - a path the router would read differently from the one our path rules (personal pages, shared
 *   pages, body limits) see: 308 to the normalised path, so both read the same one.
 */
export function checkRequestTarget(req: Request, res: Response, next: NextFunction) {
	if (!METHODS.has(req.method)) {
		res
			.status(405)
			.set('Allow', req.path.startsWith('/api/') ? 'POST' : 'GET, HEAD, POST')
			.type('text/plain')
			.send('Method not allowed.')
		return
	}
	const target = req.originalUrl
	const queryAt = target.indexOf('?')
	const rawPath = queryAt === -1 ? target : target.slice(0, queryAt)
	const query = queryAt === -1 ? '' : target.slice(queryAt)
	// A URL can carry NUL only percent-encoded (Node refuses a raw one).
	if (/%00/i.test(target)) {
		res.status(400).type('text/plain').send('Bad request: the address holds a NUL character.')
		return
	}
	// Absolute-form targets (`GET http://host/path`) are rare but valid HTTP/1.1: routed by their path.
	let path = rawPath
	if (!rawPath.startsWith('/')) {
		try {
			path = new URL(rawPath).pathname
		} catch {
			path = ''
		}
	}
	const normal = normalisedPath(path)
	try {
		decodeURIComponent(path)
	} catch {
		res.status(400).type('text/plain').send('Bad request: the address is not valid.')
		return
	}
	if (normal === null) {
		res.status(400).type('text/plain').send('Bad request: the address is not valid.')
		return
	}
	if (normal !== rawPath) {
		res.redirect(308, `${normal}${query}`)
		return
	}
	next()
}

/**
 * CONNECT asks a proxy for a tunnel; Node hands it to a 'connect' listener and, without one,
 * closes the connection unanswered. This site is no proxy: a 405 like any other unused method.
 */
export function refuseConnect(_req: IncomingMessage, socket: Duplex) {
	socket.end(
		'HTTP/1.1 405 Method Not Allowed\r\nAllow: GET, HEAD, POST\r\nContent-Type: text/plain\r\nContent-Length: 20\r\nConnection: close\r\n\r\nMethod not allowed.\n',
	)
}

type ClientError = Error & { code?: string }

const CLIENT_ERROR_STATUS: Record<string, string> = {
	HPE_HEADER_OVERFLOW: '431 Request Header Fields Too Large',
	HPE_CHUNK_EXTENSIONS_OVERFLOW: '413 Payload Too Large',
	ERR_HTTP_REQUEST_TIMEOUT: '408 Request Timeout',
}

/**
 * A request Node's parser refused (a request line or headers over 16 KB, broken framing). Node's
 * own answer destroys the socket at once: with the client still sending, that resets the
 * connection and the client never sees the 4xx. Here the answer is sent, what the client still
 * sends is read and dropped, and the connection closes when the client is done (5 s at most).
 */
export function answerClientError(error: ClientError, socket: Duplex) {
	if (error.code === 'ECONNRESET' || !socket.writable) {
		socket.destroy()
		return
	}
	const status = CLIENT_ERROR_STATUS[error.code ?? ''] ?? '400 Bad Request'
	socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`)
	socket.on('data', () => {})
	socket.on('error', () => {})
	setTimeout(() => socket.destroy(), 5000).unref()
}
