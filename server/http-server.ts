import http from 'node:http'
import type { Socket } from 'node:net'
import type { Express } from 'express'

/**
 * The production server's HTTP server, whose requests and responses are made with express's own
 * prototypes (`app.request`, `app.response`) rather than Node's. Express otherwise swaps each one's
 * prototype as it arrives (`Object.setPrototypeOf`), and after that swap V8 kept every request's
 * objects through two young-generation collections: at 200 requests/s ~1 MB moved to the old
 * generation every other scavenge, and a mark-compact ran every ~3 s (bench/RESULTS.md, fourteenth
 * session). Made with the right prototype, express's swap finds it already set and does nothing.
 */
export function createHttpServer(app: Express) {
	// Node calls these with `new`; each returns an instance of Node's class with express's prototype.
	function expressRequest(socket: Socket) {
		return Reflect.construct(http.IncomingMessage, [socket], expressRequest)
	}
	expressRequest.prototype = app.request
	function expressResponse(req: http.IncomingMessage, options?: unknown) {
		return Reflect.construct(http.ServerResponse, [req, options], expressResponse)
	}
	expressResponse.prototype = app.response
	return http.createServer(
		{
			IncomingMessage: expressRequest as unknown as typeof http.IncomingMessage,
			ServerResponse: expressResponse as unknown as typeof http.ServerResponse,
		},
		app,
	)
}
