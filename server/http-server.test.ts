import http from 'node:http'
import type { AddressInfo } from 'node:net'
import express from 'express'
import { afterEach, describe, expect, it } from 'vitest'
import { createHttpServer } from './http-server'

let server: http.Server | undefined
afterEach(
	() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
)

describe('createHttpServer', () => {
	it("makes each request and response with express's prototypes, so express never swaps them", async () => {
		const app = express()
		app.get('/', (req, res) => {
			res.json({
				ip: typeof req.ip,
				path: req.path,
				isResponse: res instanceof http.ServerResponse,
			})
		})
		server = createHttpServer(app)
		const before: boolean[] = []
		// Before express's own listener, which would otherwise set the prototypes itself.
		server.prependListener('request', (req, res) => {
			before.push(
				Object.getPrototypeOf(req) === app.request && Object.getPrototypeOf(res) === app.response,
			)
		})
		await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve))
		const { port } = server.address() as AddressInfo
		const answer = await fetch(`http://127.0.0.1:${port}/`)
		expect(answer.status).toBe(200)
		expect(await answer.json()).toEqual({ ip: 'string', path: '/', isResponse: true })
		expect(before).toEqual([true])
	})
})
