import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { protocol } from '@electric-sql/pglite'
import { PGLiteSocketHandler, type PGLiteSocketHandlerOptions } from '@electric-sql/pglite-socket'
import type { ChangeCount } from './embedded'
import type { EmbeddedClient } from './pglite-thread'

/** libpq's name for a server socket in a directory, so `pg` finds it with `host: <dir>`. */
export const SOCKET_FILE = '.s.PGSQL.5432'
/** A management command idle this long (even inside a transaction) is disconnected and rolled back. */
const IDLE_TIMEOUT_MS = 30_000

// Client messages that continue an extended-query or COPY sequence: the session stays ours until
// the Sync (or the end of the COPY) that follows them.
const CONTINUES = new Set(['P', 'B', 'D', 'E', 'C', 'H', 'd'].map((c) => c.charCodeAt(0)))
const TERMINATE = 'X'.charCodeAt(0)

/**
 * Runs socket clients' messages on the app's own PGlite without ever interleaving with the app.
 *
 * PGlite is one session. pglite-socket's own queue locks it per message, which lets the app's
 * in-process queries run in the middle of a client's transaction (and the client's inside the
 * app's). Here a client takes PGlite's transaction mutex — the one every app query and transaction
 * waits on — from its first message until it is idle outside a transaction again (after a Sync or
 * a simple query); then the app, or the next client, goes. Clients and the app are served in
 * arrival order, so nobody starves; a client stuck inside a transaction is cut off after
 * IDLE_TIMEOUT_MS and rolled back.
 */
class SessionQueue {
	#owner: number | undefined
	#release: (() => void) | undefined
	/** Handlers waiting for the session, and those of them whose socket closed meanwhile. */
	readonly #waiting = new Set<number>()
	readonly #gone = new Set<number>()

	constructor(
		private readonly db: EmbeddedClient,
		private readonly changes?: ChangeCount,
	) {}

	async enqueue(
		handlerId: number,
		message: Uint8Array,
		onData: (data: Uint8Array) => void,
	): Promise<number> {
		const type = message[0]!
		if (type === TERMINATE) return 0
		await this.#lease(handlerId)
		let bytes = 0
		try {
			await this.db.runExclusive(() =>
				this.db.execProtocolRawStream(message, {
					onRawData: (data) => {
						bytes += data.length
						onData(data)
					},
				}),
			)
		} finally {
			// Whatever the message did: the app's count of changes must not stay the same.
			this.changes?.note()
			if (!CONTINUES.has(type) && !this.db.isInTransaction()) this.#unlease(handlerId)
		}
		return bytes
	}

	/** The handler's socket closed: forget whatever it was waiting for. */
	clearQueueForHandler(handlerId: number) {
		if (this.#waiting.has(handlerId)) this.#gone.add(handlerId)
	}

	/** The handler's socket closed: end its half-sent query, roll back its transaction, let the app go on. */
	async clearTransactionIfNeeded(handlerId: number) {
		if (this.#owner !== handlerId) return
		await this.db.runExclusive(async () => {
			// A Sync ends an extended query cut off before its own Sync (after an error, the engine
			// would otherwise skip the app's next messages until one).
			await this.db.execProtocolRaw(protocol.serialize.sync(), {})
			if (this.db.isInTransaction())
				await this.db.execProtocolRaw(protocol.serialize.query('ROLLBACK'), {})
		})
		this.#unlease(handlerId)
	}

	async #lease(handlerId: number) {
		if (this.#owner === handlerId) return
		this.#waiting.add(handlerId)
		await new Promise<void>((acquired, failed) => {
			this.db
				._runExclusiveTransaction(
					() =>
						new Promise<void>((release) => {
							this.#owner = handlerId
							this.#release = release
							acquired()
						}),
				)
				.catch(failed)
		})
		this.#waiting.delete(handlerId)
		if (this.#gone.delete(handlerId)) {
			this.#unlease(handlerId)
			throw new Error('Client disconnected')
		}
	}

	#unlease(handlerId: number) {
		if (this.#owner !== handlerId) return
		const release = this.#release
		this.#owner = undefined
		this.#release = undefined
		release?.()
	}
}

export type SocketServer = { socketPath: string; close(): Promise<void> }

/**
 * Serves the server's embedded database on a Unix socket in `dir` (created owner-only, 0700, so
 * only the shop's own user can connect; there is no password) for the management commands.
 * Every message they send moves `changes` (client.ts); `onSessionEnd` runs after each client
 * disconnects, so the app can drop what it cached.
 */
export async function serveOnSocket(
	db: EmbeddedClient,
	dir: string,
	{ changes, onSessionEnd }: { changes?: ChangeCount; onSessionEnd: () => void },
): Promise<SocketServer> {
	fs.mkdirSync(dir, { recursive: true, mode: 0o700 })
	fs.chmodSync(dir, 0o700)
	const socketPath = path.join(dir, SOCKET_FILE)
	// We hold the data directory's lock, so a socket file here is left over from a killed server.
	fs.rmSync(socketPath, { force: true })
	const queue = new SessionQueue(db, changes) as unknown as PGLiteSocketHandlerOptions['queryQueue']
	const handlers = new Set<PGLiteSocketHandler>()
	const server = net.createServer((socket) => {
		const handler = new PGLiteSocketHandler({
			queryQueue: queue,
			closeOnDetach: true,
			idleTimeout: IDLE_TIMEOUT_MS,
		})
		handlers.add(handler)
		const ended = () => {
			if (handlers.delete(handler)) onSessionEnd()
		}
		handler.addEventListener('close', ended)
		handler.addEventListener('error', ended)
		void handler.attach(socket)
	})
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject)
		server.listen(socketPath, () => {
			server.off('error', reject)
			resolve()
		})
	})
	fs.chmodSync(socketPath, 0o600)
	return {
		socketPath,
		async close() {
			const closed = new Promise<void>((resolve) => server.close(() => resolve()))
			await Promise.all([...handlers].map((handler) => handler.detach(true)))
			handlers.clear()
			await closed
			fs.rmSync(socketPath, { force: true })
		},
	}
}
