import fs from 'node:fs'
import type { AddressInfo } from 'node:net'
import { createServer, type ViteDevServer } from 'vite'
import { Catalog } from '~/.server/catalog/catalog'
import { importCatalog } from '~/.server/catalog/import'
import { type Env, parseEnv } from '~/.server/env'
import { createLogger } from '~/.server/logger'
import type { createApp as CreateApp } from '../../server/app'
import { PageCache } from '../../server/page-cache'
import { createTestDatabase, type TestDatabase } from './db'

export type TestApp = {
	url: string
	env: Env
	database: TestDatabase
	catalog: Catalog
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
	{
		pageCacheMs = 0,
		/** CSV text to load as the catalogue; defaults to the shop's demo catalogue file. */
		catalogCsv = fs.readFileSync('catalog/products.csv', 'utf8') as string | null,
	} = {},
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
	if (catalogCsv !== null) await importCatalog(database.db, catalogCsv)
	const catalog = new Catalog(database.db)
	const port = 0
	const env = parseEnv({
		NODE_ENV: 'test',
		LOG_LEVEL: 'silent',
		DATA_DIR: '/tmp/koi-test',
		...overrides,
	})
	const app = createApp(
		{
			env,
			database,
			logger: createLogger('silent'),
			pageCache: new PageCache(pageCacheMs),
			catalog,
		},
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
		catalog,
		request: (path, init) => fetch(new URL(path, url), { redirect: 'manual', ...init }),
		async close() {
			await new Promise<void>((resolve) => server.close(() => resolve()))
			await database.cleanup()
		},
	}
}
