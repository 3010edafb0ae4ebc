import net from 'node:net'
import path from 'node:path'
import { type Database, openDatabase } from '~/.server/db/client'
import {
	DataDirPermissionError,
	OWNER_ONLY_UMASK,
	ownerOnly,
	secureDataDir,
} from '~/.server/db/data-dir'
import { acquireDataDirLock, DataDirLockedError } from '~/.server/db/data-dir-lock'
import { socketDir, socketPath } from '~/.server/db/owner'
import { type Env, parseEnv } from '~/.server/env'

/** How long to wait for a server that holds the lock but has not opened its socket yet (booting). */
const SERVER_START_WAIT_MS = 20_000

export type CliDatabase = Database & {
	/** Where the command's reads and writes go, for its messages. */
	via: 'postgres' | 'server' | 'directory'
}

/**
 * The database a CLI command works on, with the server's settings (DATA_DIR / DATABASE_URL).
 * PostgreSQL: a direct connection. Embedded: through the running server's socket when one
 * answers, so the server sees the change at once; otherwise the data directory itself, under the
 * same lock the server takes, so two processes never open it (DESIGN decision 14).
 */
export async function openCliDatabase(): Promise<{ env: Env; database: CliDatabase }> {
	const env = parseEnv()
	if (env.DATABASE_URL) {
		const database = await openDatabase({ url: env.DATABASE_URL, poolSize: 2 })
		return { env, database: { ...database, via: 'postgres' } }
	}
	const dataDir = privateDataDir(env.DATA_DIR)
	return { env, database: await openEmbedded(dataDir) }
}

async function openEmbedded(dataDir: string): Promise<CliDatabase> {
	const deadline = Date.now() + SERVER_START_WAIT_MS
	for (;;) {
		if (await socketAnswers(socketPath(dataDir))) {
			// One connection: the server runs one management session at a time anyway.
			const database = await openDatabase({ url: socketUrl(dataDir), poolSize: 1, migrated: true })
			return { ...database, via: 'server' }
		}
		try {
			return { ...(await openUnderLock(dataDir)), via: 'directory' }
		} catch (error) {
			if (!(error instanceof DataDirLockedError)) throw error
			if (Date.now() > deadline)
				throw new Error(
					`${error.message} It does not answer on ${socketPath(dataDir)}: is it a shop server still starting, or another command? Try again when it is up or has finished.`,
				)
		}
		await new Promise((resolve) => setTimeout(resolve, 250))
	}
}

/**
 * The embedded database of a stopped shop, for commands that replace or move it (db:restore,
 * db:move-to-postgres). A running server, or another command holding the lock, is refused.
 */
export async function openStoppedShop(env: Env): Promise<Database> {
	const dataDir = path.resolve(env.DATA_DIR)
	if (await socketAnswers(socketPath(dataDir)))
		throw new Error(
			`The shop is running on ${dataDir}: stop it first (this command replaces its data).`,
		)
	privateDataDir(dataDir)
	return openUnderLock(dataDir)
}

/**
 * The embedded database opened directly, holding the data directory's lock until it is closed
 * (the lock is released at once when opening fails). Throws DataDirLockedError when it is taken.
 */
async function openUnderLock(dataDir: string): Promise<Database> {
	const lock = acquireDataDirLock(dataDir)
	try {
		const database = await openDatabase({ dataDir: path.join(dataDir, 'db') })
		return {
			...database,
			async close() {
				await database.close()
				// Files PGlite added are 0666 (inside 0700 directories): tighten them too.
				ownerOnly(dataDir)
				lock.release()
			},
		}
	} catch (error) {
		lock.release()
		throw error
	}
}

/**
 * Every command writes owner-only files (the database, backups, the secret): the same umask as
 * the server. Called at the top of each command.
 */
export function ownerOnlyFiles() {
	process.umask(OWNER_ONLY_UMASK)
}

/** DATA_DIR made private, or the reason it cannot be used and exit code 1 (no stack trace). */
function privateDataDir(dataDir: string) {
	try {
		return secureDataDir(dataDir)
	} catch (error) {
		if (!(error instanceof DataDirPermissionError)) throw error
		console.error(error.message)
		process.exit(1)
	}
}

/** A postgres:// URL for the server's socket (libpq style: the host is the socket's directory). */
export function socketUrl(dataDir: string) {
	return `postgres://postgres@localhost/postgres?host=${encodeURIComponent(socketDir(dataDir))}`
}

function socketAnswers(file: string) {
	return new Promise<boolean>((resolve) => {
		const socket = net.connect(file)
		socket.once('connect', () => {
			socket.destroy()
			resolve(true)
		})
		socket.once('error', () => resolve(false))
	})
}
