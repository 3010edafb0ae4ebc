import fs from 'node:fs'
import path from 'node:path'
import compression from 'compression'
import express, { type NextFunction, type Request, type Response } from 'express'
import type { ServerBuild } from 'react-router'
import { type VisitRecorder, visitRecorderFor } from '../app/.server/analytics/recorder'
import { type Auth, createAuth } from '../app/.server/auth/auth'
import type { SessionMemo } from '../app/.server/auth/guards'
import { resolveAuthSecret } from '../app/.server/auth/secret'
import { sessionCacheFor } from '../app/.server/auth/session-cache'
import { Catalog } from '../app/.server/catalog/catalog'
import { listenForCatalogChanges } from '../app/.server/catalog/catalog-notify'
import type { Database } from '../app/.server/db/client'
import { openServerDatabase } from '../app/.server/db/owner'
import { type DemoImages, demoImagesFor } from '../app/.server/demo-images/cache'
import { fillOrderLink } from '../app/.server/email/order-link'
import { createMailTransport } from '../app/.server/email/transport'
import { OutboxWorker } from '../app/.server/email/worker'
import { type Env, parseEnv } from '../app/.server/env'
import { Scheduler } from '../app/.server/jobs/scheduler'
import { createLogger, type Logger, logPath } from '../app/.server/logger'
import { orderDeps } from '../app/.server/orders/deps'
import { writeQueuedReminder } from '../app/.server/orders/quote-reminders'
import type { PaymentProvider } from '../app/.server/payments/provider'
import { createPaymentProvider } from '../app/.server/payments/select'
import { STRIPE_WEBHOOK_PATH } from '../app/.server/payments/stripe-provider'
import { readiness } from '../app/.server/wiring/readiness'
import { shopJobs } from '../app/.server/wiring/shop-jobs'
import { loadStartupData } from '../app/.server/wiring/startup-data'
import { bodyLimitFor, sendTooLarge } from './body-limit'
import { countVisits } from './count-visits'
import { demoImageFiles } from './demo-image-files'
import { orderPageCache, type PrivatePageCache } from './order-page-cache'
import { PageCache } from './page-cache'
import { photoCacheFiles, precompressedAssets } from './precompressed'
import { requestLog } from './request-log'
import { checkRequestTarget } from './request-target'
import { routerHandler } from './router-handler'
import { cspNonce, sameOriginWrites, securityHeaders } from './security'

export { createHttpServer } from './http-server'
export { hasAdminAccount, printPlain, readyLine } from './ready-line'
export { answerClientError, refuseConnect } from './request-target'

/**
 * The services a request's loaders and actions, the management commands' runtime and the
 * background jobs share. Adding one is one line here and its construction in createRuntime().
 */
export type Services = {
	env: Env
	db: Database['db']
	logger: Logger
	catalog: Catalog
	auth: Auth
	payments: PaymentProvider
	visits?: VisitRecorder // cookieless visit counting (decision 0020); absent when switched off
	demoImages: DemoImages // the drawn pictures under /images: made on demand, warmed (0028)
}

declare module 'react-router' {
	interface AppLoadContext extends Services {
		nonce: string
		/** The client's IP as Express resolved it (TRUST_PROXY hops), for rate limits. */
		clientIp: string | undefined
		/** This request's session lookup, made at most once (guards.ts). */
		session?: SessionMemo
	}
}

/** The services, plus what the process itself runs: the database handle, page cache and outbox. */
export type Runtime = Services & {
	database: Database
	/** Rendered pages for cookie-less visitors; features whose data changes call clear(). */
	pageCache: PageCache
	/** Order pages replayed to their private link while unchanged (server/order-page-cache.ts). */
	orderPages?: PrivatePageCache
	outbox: OutboxWorker
}

/** Opens everything a running instance needs; `close` releases it in reverse order. */
export async function boot(env: Env = parseEnv()): Promise<Runtime & { close(): Promise<void> }> {
	const logger = createLogger(env.LOG_LEVEL)
	if (!env.DATABASE_URL) fs.mkdirSync(path.resolve(env.DATA_DIR), { recursive: true })
	const running: { runtime?: Runtime } = {}
	const opening = Date.now() // created, migrated and seeded: the first start's other step
	const database = await openServerDatabase(
		{
			url: env.DATABASE_URL,
			dataDir: env.DATA_DIR,
			poolSize: env.DATABASE_POOL_SIZE,
			logger,
		},
		// A management command (admin:create, catalog:import) wrote through the socket: look at the
		// catalogue version on the next request and drop pages rendered from the old data.
		// It may also have changed an account's role: sessions are looked up afresh.
		() => {
			void running.runtime?.catalog.recheck()
			running.runtime?.pageCache.clear()
			if (running.runtime) sessionCacheFor(running.runtime.auth).forget('all')
		},
	)
	await loadStartupData(database.db, env.CATALOG_FILE, logger)
	logger.info({ driver: database.driver, ms: Date.now() - opening }, 'database ready')
	const runtime = createRuntime({ env, database, logger })
	running.runtime = runtime
	if (runtime.payments.name === 'test')
		logger.warn({ provider: 'test' }, 'payments: built-in test provider (no money is taken)')
	else logger.info({ provider: runtime.payments.name }, 'payments: Stripe Checkout')
	// All background work: sending emails, retention, Stripe reconciliation, backups (0019).
	const jobs = shopJobs({
		env,
		database,
		logger,
		outbox: runtime.outbox,
		orderDeps: orderDeps(runtime),
	})
	const scheduler = new Scheduler({
		db: database.db,
		logger,
		...jobs,
		// At least once a second, whatever the email cadence: reminders and expiries are on time.
		pollMs: Math.min(env.OUTBOX_POLL_MS, 1000),
		soleProcess: database.driver === 'pglite',
	})
	await scheduler.start()
	runtime.visits?.start()
	// Another instance's publish is live here at once, not at the next version check.
	const catalogChanges =
		database.driver === 'postgres' && env.DATABASE_URL
			? listenForCatalogChanges(env.DATABASE_URL, () => void runtime.catalog.recheck(), logger)
			: undefined
	return {
		...runtime,
		async close() {
			runtime.demoImages.stop()
			await catalogChanges?.close()
			await scheduler.stop()
			await runtime.visits?.close() // the last second's visits, before the database closes
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
	const pageCache = new PageCache(pageCacheMs)
	return {
		env,
		database,
		db: database.db,
		logger,
		pageCache,
		demoImages: demoImagesFor(env.IMAGE_CACHE_DIR, env.CATALOG_FILE),
		orderPages: orderPageCache(database.db, pageCacheMs, database.changes),
		// Pages rendered from the old catalogue are dropped when the new one goes live here.
		catalog: new Catalog(database.db, () => pageCache.clear()),
		auth: createAuth({
			db: database.db,
			siteUrl: env.SITE_URL,
			trustedOrigins: env.SITE_ORIGINS,
			secret: resolveAuthSecret(env.AUTH_SECRET, env.DATA_DIR),
			trustProxy: env.TRUST_PROXY,
			logger,
		}),
		payments: createPaymentProvider(env, database.db),
		visits: visitRecorderFor(env, database.db, logger), // boot() starts its once-a-second flush
		outbox: new OutboxWorker(
			database.db,
			createMailTransport({
				smtpUrl: env.SMTP_URL,
				outboxDir: path.resolve(env.DATA_DIR, 'outbox'),
			}),
			logger,
			{
				retentionDays: env.OUTBOX_RETENTION_DAYS,
				prepare: async (email) => {
					const written = await writeQueuedReminder(database.db, env.SITE_URL, email)
					return written && fillOrderLink(database.db, env.SITE_URL, written)
				},
				overrides: env,
			},
		),
	}
}

type AppOptions = {
	clientDir?: string // serves build/client when set (production); in development Vite does
	build?: () => Promise<ServerBuild>
	dev?: boolean
	/** Vite's dev middleware (assets, HMR), mounted before the router in development and tests. */
	devMiddleware?: express.RequestHandler
}

export function createApp(runtime: Runtime, options: AppOptions = {}) {
	const { env, database, logger, pageCache } = runtime
	const app = express()
	app.disable('x-powered-by')
	app.set('trust proxy', env.TRUST_PROXY)

	app.use(requestLog(logger))
	// A reply that fits one TCP segment gains nothing from compression (the placeOrder answer spent
	// 7 % of the server's CPU on gzip under load); pages are compressed by the router handler.
	app.use(compression({ threshold: 1460 }))
	app.use(cspNonce)
	app.use(securityHeaders({ dev: options.dev, siteUrl: env.SITE_URL }))
	app.use(checkRequestTarget)

	app.get('/healthz', async (_req, res) => {
		try {
			await database.ping()
			res.set('Cache-Control', 'no-store').json({ status: 'ok' })
		} catch (error) {
			logger.error({ err: error }, 'health check failed')
			res.status(503).json({ status: 'unavailable' })
		}
	})

	// Readiness (not liveness): database reachable and the email outbox moving.
	app.get('/readyz', async (_req, res) => {
		const report = await readiness(database, env.READY_OUTBOX_MAX_AGE_SECONDS)
		if (report.status !== 'ok') logger.warn(report, 'not ready')
		res
			.status(report.status === 'ok' ? 200 : 503)
			.set('Cache-Control', 'no-store')
			.json(report)
	})

	app.use('/photos', photoCacheFiles(env.PHOTO_CACHE_DIR)) // made ones; the rest: the route (0026)
	app.use('/images', demoImageFiles(runtime.demoImages, logger)) // drawn on demand, cached (0028)
	if (options.devMiddleware) app.use(options.devMiddleware)
	if (options.clientDir) {
		app.use('/assets', precompressedAssets(path.join(options.clientDir, 'assets')))
		// Only a path with a file extension can be a file here: pages skip the stat and the 404.
		const files = express.static(options.clientDir, { maxAge: '1h', index: false })
		app.use((req, res, next) => (path.extname(req.path) ? files(req, res, next) : next()))
	}

	app.use(rejectBadRequests)
	app.use(countVisits(runtime.visits)) // rendered and page-cache pages alike (decision 0020)
	// Stripe's server-to-server POST has no browser origin; its signature is checked instead.
	const originCheck = sameOriginWrites(env.SITE_ORIGINS, env.SITE_URL)
	app.use((req, res, next) =>
		req.path === STRIPE_WEBHOOK_PATH ? next() : originCheck(req, res, next),
	)

	const router = routerHandler({
		siteUrl: env.SITE_URL,
		siteOrigins: env.SITE_ORIGINS,
		build:
			options.build ??
			(() => import('virtual:react-router/server-build') as unknown as Promise<ServerBuild>),
		mode: options.dev ? 'development' : 'production',
		cache: pageCache,
		privatePages: runtime.orderPages,
		getLoadContext: (req, res) => ({
			...runtime,
			nonce: res.locals.cspNonce as string,
			clientIp: req.ip,
			session: {},
		}),
	})
	app.all('/{*path}', router)
	app.locals.preload = router.preload // server.js: the build is loaded before 'ready'

	app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
		// Static middleware reports a missing file as an error with status 404.
		const status = (error as { status?: number }).status
		if (status && status >= 400 && status < 500) {
			if (!res.headersSent) res.status(status).type('text/plain').send('Not found.')
			return
		}
		logger.error({ err: error, path: logPath(req.path) }, 'unhandled server error')
		if (res.headersSent) return
		res.status(500).type('text/plain').send('Sorry, something went wrong on our side.')
	})
	return app
}

/** Oversized bodies get a clear 413 before they reach the router (bad addresses: request-target.ts). */
function rejectBadRequests(req: Request, res: Response, next: NextFunction) {
	// A declared length over the cap is refused unread; chunked bodies are counted as they arrive.
	const length = Number(req.get('content-length') ?? 0)
	if (length > bodyLimitFor(req)) {
		void sendTooLarge(req, res)
		return
	}
	next()
}
