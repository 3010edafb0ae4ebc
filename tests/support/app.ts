import type { AddressInfo } from 'node:net'
import { createServer, type ViteDevServer } from 'vite'
import { type Env, parseEnv } from '~/.server/env'
import { createLogger } from '~/.server/logger'
import type { createApp as CreateApp } from '../../server/app'
import { PageCache } from '../../server/page-cache'
import { createTestDatabase, type TestDatabase } from './db'

export type TestApp = {
	url: string
	env: Env
	database: TestDatabase
	/** fetch() against the app; relative paths are resolved against its URL. */
	request(path: string, init?: RequestInit): Promise<Response>
	close(): Promise<void>
}

let vite: ViteDevServer | undefined

/**
 * Boots the real request handler (the same createApp the server uses, with the React Router
 * routes compiled by Vite) on an ephemeral port, against a fresh database.
 */
export async function startTestApp(
	overrides: Record<string, string> = {},
	{ pageCacheMs = 0 } = {},
): Promise<TestApp> {
	vite ??= await createServer({
		server: { middlewareMode: true, hmr: false, watch: null },
		appType: 'custom',
		logLevel: 'error',
	})
	const { createApp } = (await vite.ssrLoadModule('./server/app.ts')) as {
		createApp: typeof CreateApp
	}
	const database = await createTestDatabase()
	const port = 0
	const env = parseEnv({
		NODE_ENV: 'test',
		LOG_LEVEL: 'silent',
		DATA_DIR: '/tmp/koi-test',
		...overrides,
	})
	const app = createApp(
		{ env, database, logger: createLogger('silent'), pageCache: new PageCache(pageCacheMs) },
		{ dev: true, devMiddleware: vite.middlewares },
	)
	const server = app.listen(port, '127.0.0.1')
	await new Promise<void>((resolve) => server.once('listening', resolve))
	const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
	env.SITE_URL = url
	return {
		url,
		env,
		database,
		request: (path, init) => fetch(new URL(path, url), { redirect: 'manual', ...init }),
		async close() {
			await new Promise<void>((resolve) => server.close(() => resolve()))
			await database.cleanup()
		},
	}
}
