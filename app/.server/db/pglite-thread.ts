import path from 'node:path'
import { Worker } from 'node:worker_threads'
import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite'
import type { FileRange } from './file-range.mjs'

/**
 * What the app, drizzle and the management socket use of an embedded database: PGlite itself, or
 * `PGliteThread`, the same database running on a thread of its own.
 */
export type EmbeddedClient = Pick<
	PGlite,
	| 'query'
	| 'exec'
	| 'transaction'
	| 'close'
	| 'runExclusive'
	| '_runExclusiveTransaction'
	| 'execProtocolRaw'
	| 'execProtocolRawStream'
	| 'isInTransaction'
>

export const THREAD_SCRIPT = path.resolve(process.cwd(), 'app/.server/db/pglite-thread-worker.mjs')

type Answer =
	| { id: number; ok: true; result: unknown; inTransaction: boolean }
	| { id: number; ok: false; error: Record<string, unknown>; inTransaction: boolean }
type Request =
	| {
			op: 'query'
			text: string
			params?: unknown[]
			rowMode?: 'array' | 'object'
			blob?: Uint8Array
			blobFile?: FileRange
	  }
	| { op: 'exec'; text: string }
	| { op: 'protocol'; message: Uint8Array }
	| { op: 'close' }

/** Runs one thing at a time, in call order (PGlite's transaction mutex, on this side). */
class Turns {
	#last: Promise<unknown> = Promise.resolve()
	run<T>(fn: () => Promise<T>): Promise<T> {
		const turn = this.#last.then(fn)
		this.#last = turn.catch(() => {})
		return turn
	}
}

/**
 * The embedded database on a worker thread (decision 0027). Postgres inside PGlite runs
 * synchronously: on the server's thread, a statement of 20 ms was 20 ms in which no page was
 * served. Here the server's thread only posts each request and reads the answer.
 *
 * The worker runs requests one at a time in arrival order; this side keeps PGlite's own rule that
 * a transaction (the app's, or a management client's session) has the database to itself until it
 * ends: other queries wait their turn here. Parsers cannot cross threads: the worker leaves
 * drizzle's date and interval types as text itself (`embedded()` drops drizzle's own from each
 * query), and a query that still asks for parsers is refused rather than parsed differently.
 */
export class PGliteThread implements EmbeddedClient {
	readonly #worker: Worker
	readonly #pending = new Map<
		number,
		{ resolve(value: unknown): void; reject(error: Error): void }
	>()
	readonly #turns = new Turns()
	#nextId = 1
	#inTransaction = false
	#stopped: Error | undefined
	#closing = false

	private constructor(worker: Worker, onStopped: (error: Error) => void) {
		this.#worker = worker
		worker.on('message', (answer: Answer) => this.#settle(answer))
		worker.on('error', (error) => this.#stop(error))
		worker.on('exit', (code) => {
			const error = new Error(`the embedded database stopped (exit code ${code})`)
			const unexpected = !this.#closing
			this.#stop(error)
			if (unexpected) onStopped(this.#stopped ?? error)
		})
	}

	/** Starts the thread and the database in it; `textTypes` are the type ids left as text. */
	static async start(options: {
		dataDir: string | undefined
		startParams: string[]
		textTypes: number[]
		/** Called if the thread ends other than by `close()` (a crash, out of memory). */
		onStopped?: (error: Error) => void
		script?: string
	}): Promise<PGliteThread> {
		const worker = new Worker(options.script ?? THREAD_SCRIPT, {
			workerData: {
				dataDir: options.dataDir,
				startParams: options.startParams,
				textTypes: options.textTypes,
			},
			// Test runners' loaders are not needed to run plain JavaScript.
			execArgv: [],
		})
		await new Promise<void>((resolve, reject) => {
			const failed = (error: Error) => reject(error)
			worker.once('error', failed)
			worker.once('exit', (code) =>
				failed(new Error(`the embedded database did not start (exit code ${code})`)),
			)
			worker.once('message', (message: { ready: boolean; error?: Record<string, unknown> }) => {
				worker.off('error', failed)
				worker.removeAllListeners('exit')
				if (message.ready) resolve()
				else reject(asError(message.error ?? {}))
			})
		})
		return new PGliteThread(worker, options.onStopped ?? (() => {}))
	}

	query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
		return this.#turns.run(() => this.#query<T>(text, params, options))
	}

	exec(text: string): Promise<Results[]> {
		return this.#turns.run(() => this.#call<Results[]>({ op: 'exec', text }))
	}

	/** As PGlite's: BEGIN, the callback with the transaction's handle, COMMIT or ROLLBACK. */
	transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
		return this.#turns.run(async () => {
			await this.#call({ op: 'exec', text: 'BEGIN' })
			let closed = false
			const open = () => {
				if (closed) throw new Error('Transaction is closed')
			}
			const tx = {
				query: async <R>(text: string, params?: unknown[], options?: QueryOptions) => {
					open()
					return this.#query<R>(text, params, options)
				},
				exec: async (text: string) => {
					open()
					return this.#call<Results[]>({ op: 'exec', text })
				},
				rollback: async () => {
					open()
					await this.#call({ op: 'exec', text: 'ROLLBACK' })
					closed = true
				},
				get closed() {
					return closed
				},
			} as Transaction
			try {
				const result = await callback(tx)
				if (!closed) {
					closed = true
					const [commit] = await this.#call<Results[]>({ op: 'exec', text: 'COMMIT' })
					// A transaction that failed earlier (an error caught inside it) commits as a rollback.
					if (commit?.command === 'ROLLBACK') throw new Error('The transaction was rolled back.')
				}
				return result
			} catch (error) {
				if (!closed) {
					closed = true
					await this.#call({ op: 'exec', text: 'ROLLBACK' })
				}
				throw error
			}
		})
	}

	/** Every request reaches the worker in order and runs alone there: nothing more to hold. */
	runExclusive<T>(fn: () => Promise<T>): Promise<T> {
		return fn()
	}

	/** Holds the database between requests, as a transaction does (the management socket's sessions). */
	_runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T> {
		return this.#turns.run(fn)
	}

	async execProtocolRaw(message: Uint8Array): Promise<Uint8Array> {
		return this.#call<Uint8Array>({ op: 'protocol', message })
	}

	async execProtocolRawStream(
		message: Uint8Array,
		{ onRawData }: { onRawData: (data: Uint8Array) => void },
	): Promise<void> {
		const data = await this.#call<Uint8Array>({ op: 'protocol', message })
		if (data.length > 0) onRawData(data)
	}

	/** As of the last answer (a transaction only begins or ends by a request). */
	isInTransaction(): boolean {
		return this.#inTransaction
	}

	async close(): Promise<void> {
		if (this.#stopped) return
		this.#closing = true
		await this.#turns.run(() => this.#call({ op: 'close' }))
		await this.#worker.terminate()
	}

	async #query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
		const { parsers, serializers, onNotice, paramTypes, rowMode, blob } = options ?? {}
		const withParsers = parsers !== undefined && Object.keys(parsers).length > 0
		if (withParsers || serializers || onNotice || paramTypes)
			throw new Error('This query option cannot cross to the database thread.')
		// The file's bytes are handed over, not copied again (a photo's chunks: issue 32).
		const bytes = blob ? await blob.arrayBuffer() : undefined
		const result = await this.#call<Results<T> & { blob?: Uint8Array }>(
			{ op: 'query', text, params, rowMode, blob: bytes && new Uint8Array(bytes) },
			bytes ? [bytes] : [],
		)
		return { ...result, blob: result.blob ? new Blob([result.blob]) : undefined }
	}

	/**
	 * A query whose `/dev/blob` is `range` of a file, read by the database's thread: the bytes
	 * never reach this thread (an uploaded photo's original, issue 32; each megabyte read here
	 * counted towards the next full collection of the serving thread's heap).
	 */
	async queryFileBlob(text: string, params: unknown[], range: FileRange): Promise<void> {
		await this.#turns.run(() => this.#call({ op: 'query', text, params, blobFile: range }))
	}

	#call<T>(request: Request, transfer: ArrayBuffer[] = []): Promise<T> {
		if (this.#stopped) return Promise.reject(this.#stopped)
		const id = this.#nextId++
		return new Promise<T>((resolve, reject) => {
			this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject })
			try {
				this.#worker.postMessage({ id, ...request }, transfer)
			} catch (error) {
				// A value that cannot be posted (a function among the parameters): this query fails.
				this.#pending.delete(id)
				reject(error)
			}
		})
	}

	#settle(answer: Answer) {
		const waiting = this.#pending.get(answer.id)
		if (!waiting) return
		this.#pending.delete(answer.id)
		this.#inTransaction = answer.inTransaction
		if (answer.ok) waiting.resolve(answer.result)
		else waiting.reject(asError(answer.error))
	}

	#stop(error: Error) {
		this.#stopped ??= error
		for (const waiting of this.#pending.values()) waiting.reject(this.#stopped)
		this.#pending.clear()
	}
}

/** An error from the worker, with its database fields (code, constraint, detail…) as PGlite's has. */
function asError(fields: Record<string, unknown>) {
	const error = new Error(String(fields.message ?? 'database error'))
	const { message: _message, ...rest } = fields
	return Object.assign(error, rest)
}
