import fc from 'fast-check'
import type { FuzzRequest } from './send'
import type { Roles } from './values'

/**
 * The raw-socket generator: bytes written straight to the socket, for what node:http will not send
 * (bad Host headers, odd methods and versions, request-smuggling framings and other oddities).
 */

// ---------------------------------------------------------------------------- raw sockets

const METHODS = [
	'GET',
	'HEAD',
	'POST',
	'TRACE',
	'TRACK',
	'PROPFIND',
	'PROPPATCH',
	'MKCOL',
	'COPY',
	'MOVE',
	'LOCK',
	'UNLOCK',
	'PURGE',
	'SEARCH',
	'QUERY',
	'M-SEARCH',
	'CONNECT',
	'OPTIONS',
	'PUT',
	'DELETE',
	'PATCH',
	'get',
	'FOO',
	'G\u00c9T',
	'',
]
const HOSTS = [
	'HOST',
	'',
	'[',
	'[::1',
	'a b',
	'evil.example',
	'localhost:99999',
	'x'.repeat(2000),
	'%00',
	'h\u00e9st',
	'127.0.0.1:0',
	'user@evil.example',
	'HOST, evil.example',
]
const TARGETS = [
	'/',
	'/about',
	'/auth',
	'/admin',
	'/api/placeOrder',
	'/webhooks/stripe',
	'/pay/x',
	'*',
	'//evil.example/auth',
	'http://evil.example/admin',
	'/%2e%2e/admin',
	'/about?%00',
	'/\u00ff',
	'/a b',
	'/cart/check',
	'/_root.data',
	'/healthz',
	'/assets/../../package.json',
	'/images/../../package.json',
	'/images/%2e%2e/%2e%2e/package.json',
	`/${'a'.repeat(9000)}`,
]
const VERSIONS = [
	'HTTP/1.1',
	'HTTP/1.1',
	'HTTP/1.1',
	'HTTP/1.0',
	'HTTP/2.0',
	'HTTP/0.9',
	'HTTP/1.2',
	'http/1.1',
	'',
]

/** Framings a proxy and the server could read differently (request smuggling) and other oddities. */
const SHAPES = [
	'plain',
	'cl-te',
	'te-cl',
	'two-cl',
	'te-obfuscated',
	'te-bad-chunk',
	'chunked-ext',
	'lf-only',
	'obs-fold',
	'space-before-colon',
	'nul-header',
	'huge-header',
	'many-headers',
	'pipelined',
	'no-host',
	'two-hosts',
	'expect-continue',
	'upgrade',
	'h2-preface',
] as const

export function rawRequests(site: string, roles: () => Roles): fc.Arbitrary<() => FuzzRequest> {
	const host = new URL(site).host
	return fc
		.record({
			method: fc.constantFrom(...METHODS),
			target: fc.constantFrom(...TARGETS),
			version: fc.constantFrom(...VERSIONS),
			host: fc.constantFrom(...HOSTS),
			shape: fc.constantFrom(...SHAPES),
			body: fc.constantFrom(
				'',
				'intent=signin&email=a%40b.c&password=x',
				'{"data":{}}',
				'0\r\n\r\n',
			),
			signedIn: fc.boolean(),
			half: fc.boolean(),
		})
		.map((r) => () => {
			const lines: string[] = []
			const bodyText = r.body
			const h = r.host === 'HOST' ? host : r.host
			const eol = r.shape === 'lf-only' ? '\n' : '\r\n'
			const start = `${r.method} ${r.target} ${r.version}`.replace(/ +$/, '')
			if (r.shape !== 'no-host') lines.push(`Host: ${h}`)
			if (r.shape === 'two-hosts') lines.push('Host: evil.example')
			if (r.signedIn) lines.push(`Cookie: ${roles().admin}`)
			lines.push(`Origin: ${site}`, 'Content-Type: application/x-www-form-urlencoded')
			let body: string = bodyText
			switch (r.shape) {
				case 'cl-te':
					lines.push(`Content-Length: ${body.length + 5}`, 'Transfer-Encoding: chunked')
					body = `${body.length.toString(16)}\r\n${body}\r\n0\r\n\r\nGET /admin HTTP/1.1\r\nHost: ${host}\r\n\r\n`
					break
				case 'te-cl':
					lines.push('Transfer-Encoding: chunked', 'Content-Length: 4')
					body = `5c\r\nGPOST / HTTP/1.1\r\n\r\n0\r\n\r\n`
					break
				case 'two-cl':
					lines.push(`Content-Length: ${body.length}`, `Content-Length: ${body.length + 1}`)
					break
				case 'te-obfuscated':
					lines.push('Transfer-Encoding: xchunked', 'Transfer-Encoding : chunked')
					body = `0\r\n\r\n`
					break
				case 'te-bad-chunk':
					lines.push('Transfer-Encoding: chunked')
					body = `zz\r\n${body}\r\n0\r\n\r\n`
					break
				case 'chunked-ext':
					lines.push('Transfer-Encoding: chunked')
					body = `${body.length.toString(16)};ext="\\x"\r\n${body}\r\n0\r\nTrailer: x\r\n\r\n`
					break
				case 'obs-fold':
					lines.push('X-Folded: a', ' continued', `Content-Length: ${body.length}`)
					break
				case 'space-before-colon':
					lines.push(`Content-Length : ${body.length}`)
					break
				case 'nul-header':
					lines.push('X-Nul: a\u0000b', `Content-Length: ${body.length}`)
					break
				case 'huge-header':
					lines.push(`X-Big: ${'x'.repeat(20_000)}`, `Content-Length: ${body.length}`)
					break
				case 'many-headers':
					for (let i = 0; i < 2500; i++) lines.push(`X-H${i}: ${i}`)
					lines.push(`Content-Length: ${body.length}`)
					break
				case 'pipelined':
					lines.push(`Content-Length: ${body.length}`)
					body = `${body}GET /about HTTP/1.1\r\nHost: ${host}\r\n\r\nTRACE / HTTP/1.1\r\nHost: ${host}\r\n\r\n`
					break
				case 'expect-continue':
					lines.push('Expect: 100-continue', `Content-Length: ${body.length}`)
					break
				case 'upgrade':
					lines.push('Connection: Upgrade', 'Upgrade: websocket', 'Sec-WebSocket-Version: 13')
					break
				case 'h2-preface':
					return {
						kind: 'raw',
						label: 'raw h2-preface',
						bytes: Buffer.from('PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n'),
					} satisfies FuzzRequest
				default:
					lines.push(`Content-Length: ${body.length}`)
			}
			if (!r.half) lines.push('Connection: close')
			const text = `${start}${eol}${lines.join(eol)}${eol}${eol}${body}`
			return {
				kind: 'raw',
				label: `raw ${r.shape}`,
				bytes: Buffer.from(text, 'latin1'),
			} satisfies FuzzRequest
		})
}
