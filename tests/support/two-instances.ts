import crypto from 'node:crypto'
import fs from 'node:fs'
import type http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import type { ViteDevServer } from 'vite'
import { afterAll, beforeAll, expect } from 'vitest'
import { parseEnv } from '~/.server/env'
import type * as ServerApp from '../../server/app'
import { testViteServer } from './app'
import { createServerDatabase } from './db'
import { startSmtpSink } from './process'
import { removeDataDir } from './remove-dir'
import { roundRobin } from './round-robin'

/**
 * Two instances of the shop on one new PostgreSQL database behind a round-robin proxy (issue 21):
 * each a full runtime booted with the server's own boot(), sharing nothing but the database and
 * AUTH_SECRET, as two machines would. Call at the top of a test file: it registers its own hooks.
 */
export function setUpTwoInstances(
	serverUrl: string | undefined,
	{ ttlSeconds }: { ttlSeconds: number },
) {
	const cluster = {
		instances: [] as Instance[],
		sinks: [] as Awaited<ReturnType<typeof startSmtpSink>>[],
		base: '',
		dbUrl: '',
	}
	let vite: ViteDevServer
	let database: Awaited<ReturnType<typeof createServerDatabase>> | undefined
	let proxy: http.Server
	const dataDirs: string[] = []

	async function query<T extends pg.QueryResultRow>(text: string, values: unknown[] = []) {
		const client = new pg.Client({ connectionString: cluster.dbUrl })
		await client.connect()
		try {
			return (await client.query<T>(text, values)).rows
		} finally {
			await client.end()
		}
	}

	beforeAll(async () => {
		if (!serverUrl) return
		// An empty database: both instances start at once and race to migrate and load the catalogue.
		database = await createServerDatabase(serverUrl, 'koi_two')
		cluster.dbUrl = database.url

		const upstreams: string[] = []
		proxy = roundRobin(() => upstreams)
		await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
		cluster.base = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`

		vite = await testViteServer()
		const { boot, createApp, createHttpServer } = (await vite.ssrLoadModule(
			'./server/app.ts',
		)) as typeof ServerApp
		const secret = crypto.randomBytes(32).toString('hex')
		for (let i = 0; i < 2; i++) {
			cluster.sinks.push(await startSmtpSink())
			dataDirs.push(fs.mkdtempSync(path.join(os.tmpdir(), `koi-two-${i}-`)))
		}
		const runtimes = await Promise.all(
			[0, 1].map((i) =>
				boot(
					parseEnv({
						// Production settings where they matter: the page cache is on.
						NODE_ENV: 'production',
						STAFF_SECOND_FACTOR: 'relaxed-for-tests',
						LOG_LEVEL: 'silent',
						DATA_DIR: dataDirs[i],
						DATABASE_URL: cluster.dbUrl,
						DATABASE_POOL_SIZE: '5',
						SITE_URL: cluster.base,
						AUTH_SECRET: secret,
						SMTP_URL: `${cluster.sinks[i]!.url}?pool=true`,
						OUTBOX_POLL_MS: '100',
						HTML_CACHE_SECONDS: String(ttlSeconds),
						// Three customers place sixty orders twice over: no hourly order quota here.
						ORDERS_PER_HOUR: '0',
						ORDERS_PER_HOUR_PER_IP: '0',
					}),
				),
			),
		)
		for (const runtime of runtimes) {
			// Made as production makes it (server.js).
			const server = createHttpServer(
				createApp(runtime, { dev: true, devMiddleware: vite.middlewares }),
			)
			await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
			const instanceUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
			cluster.instances.push({ runtime, url: instanceUrl, server })
			upstreams.push(instanceUrl)
		}
	}, 120_000)

	afterAll(async () => {
		proxy?.close()
		for (const { runtime, server } of cluster.instances) {
			server.closeAllConnections()
			await new Promise((resolve) => server.close(resolve))
			await runtime.close()
		}
		await vite?.close()
		for (const sink of cluster.sinks) await sink.close()
		for (const dir of dataDirs) removeDataDir(dir)
		await database?.drop()
	}, 60_000)

	async function signIn(email: string, password: string) {
		const res = await fetch(`${cluster.base}/auth`, {
			method: 'POST',
			redirect: 'manual',
			headers: { 'content-type': 'application/x-www-form-urlencoded', origin: cluster.base },
			body: new URLSearchParams({ intent: 'signin', email, password }).toString(),
		})
		expect(res.status).toBe(302)
		return res.headers
			.getSetCookie()
			.map((line) => line.split(';')[0])
			.join('; ')
	}

	function adminPost(cookie: string, orderId: string, fields: Record<string, string>) {
		return fetch(`${cluster.base}/admin/orders/${orderId}`, {
			method: 'POST',
			redirect: 'manual',
			headers: {
				'content-type': 'application/x-www-form-urlencoded',
				origin: cluster.base,
				cookie,
			},
			body: new URLSearchParams(fields).toString(),
		})
	}

	return { cluster, query, signIn, adminPost }
}

type Instance = {
	runtime: Awaited<ReturnType<typeof ServerApp.boot>>
	url: string
	server: http.Server
}
