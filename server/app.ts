import path from 'node:path'
import compression from 'compression'
import express, { type NextFunction, type Request, type Response } from 'express'
import type { ServerBuild } from 'react-router'
import { logPath } from '../app/.server/logger'
import { STRIPE_WEBHOOK_PATH } from '../app/.server/payments/stripe-provider'
import { readiness } from '../app/.server/wiring/readiness'
import { bodyLimitFor, sendTooLarge } from './body-limit'
import { countVisits } from './count-visits'
import { demoImageFiles } from './demo-image-files'
import { photoCacheFiles, precompressedAssets } from './precompressed'
import { requestLog } from './request-log'
import { checkRequestTarget } from './request-target'
import { routerHandler } from './router-handler'
import type { Runtime } from './runtime'
import { cspNonce, sameOriginWrites, securityHeaders } from './security'

export { printPlain } from '../app/.server/logger'
export { createHttpServer } from './http-server'
export { hasAdminAccount, readyLine } from './ready-line'
export { answerClientError, refuseConnect } from './request-target'
/** The pages' build (routes, renderer): server.js starts loading it while the database opens. */
export const loadPages = () => import('virtual:react-router/server-build') as Promise<ServerBuild>
// The process's services: opened by boot(), built around a test's own database by createRuntime().
export { boot, createRuntime, type Runtime, type Services } from './runtime'

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
		build: options.build ?? loadPages,
		mode: options.dev ? 'development' : 'production',
		cache: pageCache,
		privatePages: runtime.privatePages,
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
