import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { createServer, type ViteDevServer } from 'vite'
import { importCatalog } from '~/.server/catalog/import'
import { type Env, parseEnv } from '~/.server/env'
import { createLogger } from '~/.server/logger'
import { seedContent } from '~/.server/portfolio/seed'
import type * as ServerApp from '../../server/app'
import { createTestDatabase, type TestDatabase } from './db'
import { removeDataDir } from './remove-dir'
import { inViteStartTurn } from './vite-start-turn'

export type TestApp = {
	url: string
	env: Env
	database: TestDatabase
	runtime: ServerApp.Runtime
	/** Where this app writes .eml files (its own DATA_DIR/outbox). */
	outboxDir: string
	/** fetch() against the app; relative paths are resolved against its URL. */
	request(path: string, init?: RequestInit): Promise<Response>
	close(): Promise<void>
}

/** One per test worker: its files run in one process (vitest.config.ts) and share what it compiled. */
let vite: ViteDevServer | undefined

/**
 * Boots the real request handler (the same createApp and createRuntime the server uses, with the
 * React Router routes compiled by Vite) on an ephemeral port, against a fresh database.
 */
export async function startTestApp(
	overrides: Record<string, string> = {},
	{
		pageCacheMs = 0,
		/**
		 * CSV text to load as the catalogue, or null for none; without it the database is a copy of
		 * the run's prepared one with the demo catalogue, portfolio and testimonials (tests/support/db.ts).
		 */
		catalogCsv = undefined as string | null | undefined,
		/** Another instance's database: a second app instance on it (closing leaves it open). */
		shared = undefined as TestDatabase | undefined,
		/** Collects every log line (debug and up, parsed) instead of a silent logger. */
		logLines = undefined as Array<Record<string, unknown>> | undefined,
	} = {},
): Promise<TestApp> {
	vite ??= await inViteStartTurn(testViteServer)
	const { answerClientError, createApp, createRuntime, refuseConnect } = (await vite.ssrLoadModule(
		'./server/app.ts',
	)) as typeof ServerApp
	const demo = catalogCsv === undefined
	const database = shared ?? (await createTestDatabase({ seeded: demo }))
	if (!shared && !demo) {
		if (catalogCsv !== null) await importCatalog(database.db, catalogCsv)
		// As boot() does at every start: the demo portfolio and testimonials, once.
		await seedContent(database.db)
	}
	// Listen first so the app (auth, origin checks) knows its own URL.
	// Keep-alive sockets outlive any test's slow step: with Node's 5 s default, a loaded machine let
	// the server close an idle socket just as the client reused it (ECONNRESET mid-test).
	const server = http.createServer()
	server.keepAliveTimeout = 120_000
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
	const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'koi-test-'))
	const env = parseEnv({
		NODE_ENV: 'test',
		// Test admins sign in with a password alone; the second-factor tests set 'required'.
		STAFF_SECOND_FACTOR: 'relaxed-for-tests',
		LOG_LEVEL: 'silent',
		DATA_DIR: dataDir,
		SITE_URL: url,
		...overrides,
	})
	const logger = logLines
		? createLogger('debug', {
				write: (line: string) => {
					logLines.push(JSON.parse(line) as Record<string, unknown>)
				},
			})
		: createLogger('silent')
	const runtime = createRuntime({ env, database, logger, pageCacheMs })
	server.on('request', createApp(runtime, { dev: true, devMiddleware: vite.middlewares }))
	server.on('connect', refuseConnect)
	server.on('clientError', answerClientError)
	return {
		url,
		env,
		database,
		runtime,
		outboxDir: path.join(dataDir, 'outbox'),
		request: (target, init) => fetch(new URL(target, url), { redirect: 'manual', ...init }),
		async close() {
			server.closeAllConnections()
			await new Promise<void>((resolve) => server.close(() => resolve()))
			await runtime.outbox.stop()
			if (!shared) await database.cleanup()
			removeDataDir(dataDir)
		},
	}
}

/**
 * A Vite server that compiles the app for server-side loading only. Tests never ask for browser
 * modules, so it does not pre-bundle dependencies for the browser: that optimiser rewrote
 * node_modules/.vite/deps in the background, and two test workers (or a spawned dev server)
 * doing it at once failed a suite with ENOTEMPTY. Its cache is the worker's own as well.
 */
export function testViteServer() {
	return createServer({
		// Any Host: the router must cope with whatever a client sends (the production server has no
		// Vite in front to refuse unknown hosts).
		server: { middlewareMode: true, hmr: false, watch: null, allowedHosts: true },
		appType: 'custom',
		logLevel: 'error',
		cacheDir: `node_modules/.vite/test-${process.env.VITEST_POOL_ID ?? process.pid}`,
		optimizeDeps: { noDiscovery: true, include: [] },
	})
}

/** The nonce a response's Content-Security-Policy allows scripts with. */
export const cspNonceOf = (res: Response) =>
	/'nonce-([^']+)'/.exec(res.headers.get('content-security-policy') ?? '')?.[1]
