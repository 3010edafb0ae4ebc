import fs from 'node:fs'
import path from 'node:path'
import { type Logger, printProgress } from '~/.server/logger'
import { type Database, openDatabase } from './client'
import { ownerOnly, secureDataDir } from './data-dir'
import { acquireDataDirLock, type DataDirLock, DataDirLockedError } from './data-dir-lock'
import { SOCKET_FILE, serveOnSocket } from './socket-server'

/** A Unix socket path is at most 107 bytes on Linux (108 with its NUL; macOS allows 103). */
const MAX_SOCKET_PATH = 103

/** The owner-only directory in DATA_DIR that holds the server's socket. */
export const socketDir = (dataDir: string) => path.resolve(dataDir, 'run')
export const socketPath = (dataDir: string) => path.join(socketDir(dataDir), SOCKET_FILE)

/**
 * The server's database. Embedded: takes DATA_DIR's lock for the process's lifetime, opens
 * DATA_DIR/db and serves it on the owner-only socket so management commands reach this process
 * instead of opening the directory a second time (DESIGN decision 14). `onExternalChange` runs
 * after a management command disconnects.
 */
export async function openServerDatabase(
	options: {
		url?: string
		dataDir: string
		poolSize: number
		logger: Logger
		lockWaitMs?: number
	},
	onExternalChange: () => void,
): Promise<Database> {
	const { logger } = options
	// PostgreSQL keeps only the auth secret and .eml files in DATA_DIR, when it exists at all.
	if (!options.url || fs.existsSync(options.dataDir)) secureDataDir(options.dataDir)
	const onIdleError = (error: Error) => logger.warn({ err: error }, 'idle database connection lost')
	if (options.url)
		return openDatabase({ url: options.url, poolSize: options.poolSize, onIdleError })
	const lock = await waitForLock(options.dataDir, options.lockWaitMs ?? 30_000, logger)
	try {
		const database = await openDatabase({
			dataDir: path.resolve(options.dataDir, 'db'),
			// Its statements off the thread that serves pages (decision 0027).
			thread: true,
			// Without its database the shop cannot serve anything: exit, so the supervisor
			// (systemd, Docker) starts it again, rather than answer every request with an error.
			onThreadStopped: (error) => {
				logger.fatal({ err: error }, 'the embedded database stopped; exiting')
				process.exit(1)
			},
			// A first start creates the database in a child process; these say how far it got.
			// Plain lines, as the build's before them and 'Shop ready' after (issue 62 item 8).
			onProgress: (text) => printProgress(logger, text),
		})
		if (Buffer.byteLength(socketPath(options.dataDir)) > MAX_SOCKET_PATH) {
			// The shop still serves customers; management commands say the server does not answer.
			logger.error(
				{ socket: socketPath(options.dataDir) },
				'DATA_DIR is too long a path for a Unix socket: management commands cannot reach this server; use a shorter DATA_DIR',
			)
			return { ...database, close: () => database.close().finally(() => lock.release()) }
		}
		const socket = await serveOnSocket(database.pglite!, socketDir(options.dataDir), {
			changes: database.changes,
			onSessionEnd: () => onExternalChange(),
		}).catch(async (error) => {
			await database.close()
			throw error
		})
		logger.info({ socket: socket.socketPath }, 'management socket ready')
		return {
			...database,
			async close() {
				await socket.close()
				await database.close()
				// Files PGlite added while running are 0666 inside 0700 directories: tighten them too.
				ownerOnly(options.dataDir)
				lock.release()
			},
		}
	} catch (error) {
		lock.release()
		throw error
	}
}

/** A management command run with the server stopped holds the lock briefly: wait for it. */
async function waitForLock(dataDir: string, waitMs: number, logger: Logger): Promise<DataDirLock> {
	const deadline = Date.now() + waitMs
	for (let said = false; ; said = true) {
		try {
			return acquireDataDirLock(dataDir)
		} catch (error) {
			if (!(error instanceof DataDirLockedError) || Date.now() > deadline) throw error
			if (!said) logger.warn({ pid: error.pid }, 'database locked by another process; waiting')
		}
		await new Promise((resolve) => setTimeout(resolve, 250))
	}
}
