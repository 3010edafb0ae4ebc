// Entry point: production serves ./build; development runs Vite in middleware mode.
// Everything else (routes, security headers, database) lives in server/app.ts.
import { spawn } from 'node:child_process'
import process from 'node:process'
import { fileURLToPath } from 'node:url'
import { needsServerFlags, SERVER_ENV, SERVER_NODE_FLAGS } from './scripts/server-flags.js'

const dev = process.env.NODE_ENV !== 'production'
// Everything the shop writes (database, outbox, backups, secret) is for its own user only (M1 of
// issue 28; app/.server/db/data-dir.ts checks DATA_DIR itself).
process.umask(0o077)

// Production memory settings (scripts/server-flags.js): a server started without them, e.g. by
// `npm run start:prod` or `node server.js`, runs as a child that has them.

if (!dev && needsServerFlags() && process.argv[1] === fileURLToPath(import.meta.url)) {
	const child = spawn(
		process.execPath,
		[...SERVER_NODE_FLAGS, ...process.execArgv, ...process.argv.slice(1)],
		{ stdio: 'inherit', env: { ...process.env, ...SERVER_ENV } },
	)
	for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
		process.on(signal, () => child.kill(signal))
	}
	child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
} else {
	await serve()
}

async function serve() {
	const SHUTDOWN_GRACE_MS = 10_000

	/** @type {{ boot: typeof import('./server/app').boot, loadPages: typeof import('./server/app').loadPages, createApp: typeof import('./server/app').createApp, createHttpServer: typeof import('./server/app').createHttpServer, refuseConnect: typeof import('./server/app').refuseConnect, answerClientError: typeof import('./server/app').answerClientError, readyLine: typeof import('./server/app').readyLine, printPlain: typeof import('./server/app').printPlain, hasAdminAccount: typeof import('./server/app').hasAdminAccount }} */
	let mod
	/** @type {import('express').RequestHandler | undefined} */
	let devMiddleware
	/** @type {import('vite').ViteDevServer | undefined} */
	let vite
	if (dev) {
		const devServer = await import('vite').then((v) =>
			v.createServer({ server: { middlewareMode: true } }),
		)
		mod = /** @type {any} */ (await devServer.ssrLoadModule('./server/app.ts'))
		devMiddleware = devServer.middlewares
		vite = devServer
	} else {
		const buildPath = './build/server/index.js'
		mod = /** @type {any} */ (await import(buildPath))
	}

	// Production: the pages' code loads while the database opens on its own thread (a second start
	// took a second longer with one after the other); 'ready' still waits for both.
	const pages = dev ? undefined : mod.loadPages()
	pages?.catch(() => {}) // a failure is reported by the preload below, after the database's
	/** @type {Awaited<ReturnType<typeof mod.boot>>} */
	let runtime
	try {
		runtime = await mod.boot()
	} catch (error) {
		console.error(error instanceof Error ? error.message : error)
		process.exit(1)
	}
	const app = mod.createApp(
		runtime,
		dev ? { dev: true, devMiddleware } : { clientDir: 'build/client' },
	)

	// Production: the pages' code is loaded before 'ready', so the first visitor does not wait for it.
	if (!dev) await app.locals.preload()
	const server = mod.createHttpServer(app)
	/** @param {Error} error */
	const cannotListen = (error) => {
		console.error(`Could not listen on ${runtime.env.HOST}:${runtime.env.PORT}: ${error.message}`)
		process.exit(1)
	}
	server.once('error', cannotListen)
	server.listen(runtime.env.PORT, runtime.env.HOST, async () => {
		server.off('error', cannotListen)
		runtime.logger.info({ url: runtime.env.SITE_URL, port: runtime.env.PORT }, 'listening')
		const hasAdmin = await mod.hasAdminAccount(runtime.db).catch(() => true)
		mod.printPlain(runtime.logger, mod.readyLine(runtime.env, hasAdmin))
		// The demo pictures not yet drawn, in the photo worker at idle priority (decision 0028).
		if (runtime.env.IMAGE_WARMUP === 'on')
			runtime.demoImages
				.warm(runtime.logger)
				.catch((/** @type {unknown} */ err) =>
					runtime.logger.warn({ err }, 'demo images: warm-up stopped'),
				)
	})
	server.on('connect', mod.refuseConnect)
	server.on('clientError', mod.answerClientError)

	let stopping = false
	async function shutdown(/** @type {string} */ signal) {
		if (stopping) return
		stopping = true
		runtime.logger.info({ signal }, 'shutting down: finishing in-flight requests')
		const force = setTimeout(() => {
			runtime.logger.warn('grace period over: closing remaining connections')
			server.closeAllConnections()
		}, SHUTDOWN_GRACE_MS)
		force.unref()
		server.close(async () => {
			await vite?.close()
			await runtime.close()
			runtime.logger.info('stopped')
			process.exit(0)
		})
		server.closeIdleConnections()
	}
	// Vite (development) installs a SIGTERM handler that exits at once; ours closes the database first.
	process.removeAllListeners('SIGTERM')
	process.on('SIGTERM', shutdown)
	process.on('SIGINT', shutdown)
}
