import http from 'node:http'
import net from 'node:net'

/** One generated input: an HTTP request (sent with node:http, which keeps odd paths as they are) or raw bytes. */
export type FuzzRequest =
	| {
			kind: 'http'
			/** What produced it, for the report ('GET /pay/:token', 'form /auth signin'…). */
			label: string
			method: string
			path: string
			headers: Record<string, string | string[]>
			body?: Buffer
	  }
	| { kind: 'raw'; label: string; bytes: Buffer }

export type Outcome = {
	status: number
	ms: number
	/** Set when the connection failed or closed before a whole response arrived. */
	dropped?: string
}

/** Responses slower than this fail the run (issue 28: every response within 2 s). */
export const MAX_MS = 2000
/** Long enough to tell a slow answer (a failure) from a hung one (also a failure). */
const GIVE_UP_MS = 10_000

const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity })

export function send(base: URL, request: FuzzRequest): Promise<Outcome> {
	return request.kind === 'raw' ? sendRaw(base, request.bytes) : sendHttp(base, request)
}

function sendHttp(base: URL, request: Extract<FuzzRequest, { kind: 'http' }>) {
	const started = performance.now()
	const ms = () => Math.round(performance.now() - started)
	return new Promise<Outcome>((resolve) => {
		let req: http.ClientRequest
		try {
			req = http.request({
				agent,
				host: base.hostname,
				port: base.port,
				method: request.method,
				path: request.path,
				headers: {
					...request.headers,
					...(request.body ? { 'content-length': String(request.body.length) } : {}),
				},
				// Node checks paths and header values before sending; the generators only make
				// sendable ones, so a throw here is a bug in the generator, reported as such.
			})
		} catch (error) {
			resolve({ status: 0, ms: 0, dropped: `not sendable: ${(error as Error).message}` })
			return
		}
		const timer = setTimeout(() => req.destroy(new Error('no answer in 10 s')), GIVE_UP_MS)
		req.on('response', (res) => {
			res.on('data', () => {})
			res.on('end', () => {
				clearTimeout(timer)
				resolve({ status: res.statusCode ?? 0, ms: ms() })
			})
			res.on('error', (error) => {
				clearTimeout(timer)
				resolve({ status: res.statusCode ?? 0, ms: ms(), dropped: error.message })
			})
		})
		req.on('error', (error) => {
			clearTimeout(timer)
			resolve({ status: 0, ms: ms(), dropped: error.message })
		})
		req.end(request.body)
	})
}

/**
 * Raw bytes on a connection of their own. Judged by the first status line (a pipelined second
 * request has its own answer after it). A request the server is still waiting on (a body shorter
 * than declared) gets a half-close after 1.5 s, as a client giving up would send: the server must
 * answer that too. A half-close straight away would not do: Node drops a request whose client
 * half-closed before the answer.
 */
function sendRaw(base: URL, bytes: Buffer) {
	const started = performance.now()
	return new Promise<Outcome>((resolve) => {
		const chunks: Buffer[] = []
		let settled = false
		let answeredAt = 0
		const done = (outcome: Omit<Outcome, 'ms'>) => {
			if (settled) return
			settled = true
			clearTimeout(timer)
			clearTimeout(giveUp)
			socket.destroy()
			resolve({ ...outcome, ms: answeredAt || Math.round(performance.now() - started) })
		}
		const socket = net.connect(Number(base.port), base.hostname, () => socket.write(bytes))
		const giveUp = setTimeout(() => socket.end(), 1500)
		const timer = setTimeout(() => done({ status: 0, dropped: 'no answer in 10 s' }), GIVE_UP_MS)
		socket.on('data', (chunk) => {
			chunks.push(chunk)
			const status = statusOf(Buffer.concat(chunks))
			if (status && !answeredAt) {
				answeredAt = Math.round(performance.now() - started)
				// The rest of the answer is not judged: done once the status line is in.
				setTimeout(() => done({ status }), 50)
			}
		})
		socket.on('error', (error) => {
			// A reset after the answer arrived (the server closing on unread bytes) is no drop.
			const status = statusOf(Buffer.concat(chunks))
			done(status ? { status } : { status: 0, dropped: error.message })
		})
		socket.on('close', () => {
			const status = statusOf(Buffer.concat(chunks))
			done(status ? { status } : { status: 0, dropped: 'closed without an answer' })
		})
	})
}

const statusOf = (bytes: Buffer) =>
	Number(/^HTTP\/1\.[01] (\d{3})/.exec(bytes.subarray(0, 20).toString('latin1'))?.[1] ?? 0)

/** The exact request, printable and pasteable: text where it is text, escapes where it is not. */
export function describe(request: FuzzRequest, limit = 2000) {
	const cut = (text: string, size: number) =>
		text.length > limit ? `${text.slice(0, limit)}…" (${size} bytes)` : text
	const show = (bytes: Buffer) => cut(JSON.stringify(bytes.toString('latin1')), bytes.length)
	if (request.kind === 'raw') return `[${request.label}] raw bytes ${show(request.bytes)}`
	const headers = Object.entries(request.headers)
		.map(([name, value]) => `${name}: ${cut(JSON.stringify(value), String(value).length)}`)
		.join('; ')
	return `[${request.label}] ${request.method} ${cut(JSON.stringify(request.path), request.path.length)} {${headers}}${
		request.body ? ` body ${show(request.body)}` : ''
	}`
}
