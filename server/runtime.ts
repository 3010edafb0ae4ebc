import fs from 'node:fs'
import path from 'node:path'
import { type VisitRecorder, visitRecorderFor } from '../app/.server/analytics/recorder'
import { type Auth, createAuth } from '../app/.server/auth/auth'
import type { SessionMemo } from '../app/.server/auth/guards'
import { resolveAuthSecret } from '../app/.server/auth/secret'
import { sessionCacheFor } from '../app/.server/auth/session-cache'
import { fillProjectLink } from '../app/.server/builds/project-links'
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
import { createLogger, type Logger } from '../app/.server/logger'
import { orderDeps } from '../app/.server/orders/lifecycle/deps'
import { writeQueuedReminder } from '../app/.server/orders/quotes/quote-reminders'
import type { PaymentProvider } from '../app/.server/payments/provider'
import { createPaymentProvider } from '../app/.server/payments/select'
import { shopJobs } from '../app/.server/wiring/shop-jobs'
import { loadStartupData } from '../app/.server/wiring/startup-data'
import { orderPageCache } from './order-page-cache'
import { PageCache } from './page-cache'
import type { PrivatePageCache } from './page-replay'
import { projectPageCache } from './project-page-cache'

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
		/**
		 * Set by a page replayed to its private link (project-page-cache.ts): the next moment the
		 * clock alone changes what this render shows.
		 */
		replayUntil?: number
	}
}

/** The services, plus what the process itself runs: the database handle, page cache and outbox. */
export type Runtime = Services & {
	database: Database
	/** Rendered pages for cookie-less visitors; features whose data changes call clear(). */
	pageCache: PageCache
	/** Order and project pages replayed to their private link while unchanged (page-replay.ts). */
	privatePages: PrivatePageCache[]
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
		privatePages: [
			orderPageCache(database.db, pageCacheMs, database.changes),
			projectPageCache(database.db, pageCacheMs, database.changes),
		].filter((kind) => kind !== undefined),
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
					if (!written) return null
					const linked = await fillOrderLink(database.db, env.SITE_URL, written)
					return fillProjectLink(database.db, env.SITE_URL, linked)
				},
				overrides: env,
			},
		),
	}
}
