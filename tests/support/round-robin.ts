import http from 'node:http'

/** Round robin over the instances, as a load balancer would; says which one answered. */
export function roundRobin(targets: () => string[]) {
	let next = 0
	return http.createServer((req, res) => {
		const index = next++ % targets().length
		const target = new URL(targets()[index]!)
		const upstream = http.request(
			{
				host: target.hostname,
				port: target.port,
				method: req.method,
				path: req.url,
				headers: req.headers,
				// A new connection per request: reusing a kept-alive one races the instance closing it
				// when idle, and a request sent as it closes fails (ECONNRESET → 502, seen in CI).
				agent: false,
			},
			(answer) => {
				res.writeHead(answer.statusCode!, { ...answer.headers, 'x-instance': String(index) })
				answer.pipe(res)
			},
		)
		upstream.on('error', () => {
			res.statusCode = 502
			res.end()
		})
		req.pipe(upstream)
	})
}
