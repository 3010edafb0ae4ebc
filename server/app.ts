import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import compression from 'compression'
import express, { type NextFunction, type Request, type Response } from 'express'
import type { ServerBuild } from 'react-router'
import { type Auth, createAuth } from '../app/.server/auth/auth'
import { resolveAuthSecret } from '../app/.server/auth/secret'
import { Catalog } from '../app/.server/catalog/catalog'
import { loadCatalogFile } from '../app/.server/catalog/startup'
import { type Database, openDatabase } from '../app/.server/db/client'
import { createMailTransport } from '../app/.server/email/transport'
import { OutboxWorker } from '../app/.server/email/worker'
import { type Env, parseEnv } from '../app/.server/env'
import { createLogger, type Logger } from '../app/.server/logger'
import { adminDeps } from '../app/.server/orders/admin-actions'
import type { PaymentProvider } from '../app/.server/payments/provider'
import { ReconcileJob } from '../app/.server/payments/reconcile'
import { createPaymentProvider } from '../app/.server/payments/select'
import { STRIPE_WEBHOOK_PATH } from '../app/.server/payments/stripe-provider'
import { PageCache } from './page-cache'
import { precompressedAssets } from './precompressed'
import { routerHandler } from './router-handler'
import { cspNonce, sameOriginWrites, securityHeaders } from './security'

declare module 'react-router' {
	interface AppLoadContext {
		nonce: string
		env: Env
		db: Database['db']
		logger: Logger
		catalog: Catalog
		auth: Auth
		payments: PaymentProvider
		/** The client's IP as Express resolved it (TRUST_PROXY hops), for rate limits. */
		clientIp: string | undefined
	}
}

export type Runtime = {
	env: Env
	database: Database
	logger: Logger
	/** Rendered pages for cookie-less visitors; features whose data changes call clear(). */
	pageCache: PageCache
	catalog: Catalog
	auth: Auth
	payments: PaymentProvider
	outbox: OutboxWorker
}

/** Opens everything a running instance needs; `close` releases it in reverse order. */
export async function boot(env: Env = parseEnv()): Promise<Runtime & { close(): Promise<void> }> {
	const logger = createLogger(env.LOG_LEVEL)
	if (!env.DATABASE_URL) fs.mkdirSync(path.resolve(env.DATA_DIR), { recursive: true })
	const database = await openDatabase({
		url: env.DATABASE_URL,
		dataDir: path.resolve(env.DATA_DIR, 'db'),
		poolSize: env.DATABASE_POOL_SIZE,
		onIdleError: (error) => logger.warn({ err: error.message }, 'idle database connection lost'),
	})
	logger.info({ driver: database.driver }, 'database ready')
	await loadCatalogFile(database.db, env.CATALOG_FILE, logger)
	const runtime = createRuntime({ env, database, logger })
	runtime.outbox.start()
	const deps = adminDeps({ db: database.db, payments: runtime.payments, env })
	const reconcile = new ReconcileJob(deps, logger, env.STRIPE_RECONCILE_MS)
	reconcile.start()
	return {
		...runtime,
		async close() {
			await reconcile.stop()
			await runtime.outbox.stop()
			await database.close()
		},
	}
}

/** The services built on an open database (tests build one around their own database). */
export function createRuntime({
	env,
	database,
	logger,
	pageCacheMs = env.NODE_ENV === 'production' ? env.HTML_CACHE_SECONDS * 1000 : 0,
}: {
	env: Env
	database: Database
	logger: Logger
	/** Development shows every edit at once; production renders a public page once per TTL. */
	pageCacheMs?: number
}): Runtime {
	return {
		env,
		database,
		logger,
		pageCache: new PageCache(pageCacheMs),
		catalog: new Catalog(database.db),
		auth: createAuth({
			db: database.db,
			siteUrl: env.SITE_URL,
			secret: resolveAuthSecret(env.AUTH_SECRET, env.DATA_DIR),
			trustProxy: env.TRUST_PROXY,
			logger,
		}),
		payments: createPaymentProvider(env, database.db),
		outbox: new OutboxWorker(
			database.db,
			createMailTransport({
				smtpUrl: env.SMTP_URL,
				outboxDir: path.resolve(env.DATA_DIR, 'outbox'),
				from: env.MAIL_FROM,
			}),
			logger,
			env.OUTBOX_POLL_MS,
		),
	}
}

const MAX_BODY_BYTES = 1024 * 1024

type AppOptions = {
	/** Serves build/client when set (production); in development Vite serves assets. */
	clientDir?: string
	build?: () => Promise<ServerBuild>
	dev?: boolean
	/** Vite's dev middleware (assets, HMR), mounted before the router in development and tests. */
	devMiddleware?: express.RequestHandler
}

export function createApp(runtime: Runtime, options: AppOptions = {}) {
	const { env, database, logger, pageCache, catalog, auth, payments } = runtime
	const app = express()
	app.disable('x-powered-by')
	app.set('trust proxy', env.TRUST_PROXY)

	app.use(requestLog(logger))
	app.use(compression())
	app.use(cspNonce)
	app.use(securityHeaders({ dev: options.dev }))

	app.get('/healthz', async (_req, res) => {
		try {
			await database.ping()
			res.set('Cache-Control', 'no-store').json({ status: 'ok' })
		} catch (error) {
			logger.error({ err: error }, 'health check failed')
			res.status(503).json({ status: 'unavailable' })
		}
	})

	if (options.devMiddleware) app.use(options.devMiddleware)
	if (options.clientDir) {
		app.use('/assets', precompressedAssets(path.join(options.clientDir, 'assets')))
		// Images are generated into public/images after install; serve them from there so a
		// regenerated image never needs a rebuild.
		app.use('/images', express.static('public/images', { maxAge: '7d', fallthrough: false }))
		app.use(express.static(options.clientDir, { maxAge: '1h', index: false }))
	}

	app.use(rejectBadRequests)
	// Stripe's server-to-server POST has no browser origin; its signature is checked instead.
	const originCheck = sameOriginWrites(env.SITE_URL)
	app.use((req, res, next) =>
		req.path === STRIPE_WEBHOOK_PATH ? next() : originCheck(req, res, next),
	)

	app.all(
		'/{*path}',
		routerHandler({
			build:
				options.build ??
				(() => import('virtual:react-router/server-build') as unknown as Promise<ServerBuild>),
			mode: options.dev ? 'development' : 'production',
			cache: pageCache,
			getLoadContext: (req, res) => ({
				nonce: res.locals.cspNonce as string,
				env,
				db: database.db,
				logger,
				catalog,
				auth,
				payments,
				clientIp: req.ip,
			}),
		}),
	)

	app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
		// Static middleware reports a missing file as an error with status 404.
		const status = (error as { status?: number }).status
		if (status && status >= 400 && status < 500) {
			if (!res.headersSent) res.status(status).type('text/plain').send('Not found.')
			return
		}
		logger.error({ err: error, path: req.path }, 'unhandled server error')
		if (res.headersSent) return
		res.status(500).type('text/plain').send('Sorry, something went wrong on our side.')
	})
	return app
}

/** Malformed URLs and oversized bodies get a clear 4xx before they reach the router. */
function rejectBadRequests(req: Request, res: Response, next: NextFunction) {
	try {
		decodeURIComponent(req.path)
		new URL(req.originalUrl, 'http://localhost')
	} catch {
		res.status(400).type('text/plain').send('Bad request: the address is not valid.')
		return
	}
	const length = Number(req.get('content-length') ?? 0)
	if (length > MAX_BODY_BYTES) {
		res.status(413).type('text/plain').send('The request is too large.')
		return
	}
	next()
}

/** One JSON line per request: no query strings, cookies, IPs or bodies (they can carry personal data). */
function requestLog(logger: Logger) {
	return (req: Request, res: Response, next: NextFunction) => {
		const start = process.hrtime.bigint()
		const id = crypto.randomUUID()
		res.setHeader('X-Request-Id', id)
		res.on('finish', () => {
			if (req.path === '/healthz') return
			const ms = Number(process.hrtime.bigint() - start) / 1e6
			logger.info(
				{
					reqId: id,
					method: req.method,
					path: req.path,
					status: res.statusCode,
					ms: Math.round(ms),
				},
				'request',
			)
		})
		next()
	}
}
