import { setImmediate } from 'node:timers/promises'
import { PGlite, type Results } from '@electric-sql/pglite'
import { isNamed, lockedNamedQuery, namedQuery } from './pglite-statements.mjs'
import { type EmbeddedClient, PGliteThread } from './pglite-thread'

/** See `Database.changes`. */
export type ChangeCount = { readonly value: number; note(): void }

/**
 * The type parsers drizzle sends with every PGlite query: dates, timestamps and intervals (and
 * their arrays, and numeric[]) left as text, which drizzle converts itself.
 */
export const DRIZZLE_TEXT_TYPES = new Set([
	'1114',
	'1184',
	'1186',
	'1082',
	'1231',
	'1115',
	'1185',
	'1187',
	'1182',
])
const asText = (value: string) => value

/**
 * The embedded database as drizzle gets it, with up to three changes to how a query runs.
 *
 * Wherever it runs:
 * - Drizzle's parsers are set once on the instance (here, or by pglite-thread-worker.mjs on its
 *   thread) and left off each query: PGlite merges a query's own parsers into a copy of its
 *   whole table (a parser per type and per array type, several hundred) on every query that has
 *   them, ~0.15 ms of the thread per statement for drizzle's same few, and functions cannot be
 *   posted to another thread at all. The rows come back the same (decision 0013). Other callers
 *   of the instance get those types as text too; none reads them.
 * - Every statement that may have changed rows, or the transaction it was in, moves `changes`
 *   when it ends, so what was read from unchanged data can be reused without asking again (the
 *   order page's stamp: server/order-page-cache.ts). The management socket counts its clients'
 *   messages itself (socket-server.ts).
 *
 * On PGlite in this process only (tests, management commands with the server stopped):
 * - Every statement first lets the event loop through: PGlite runs on this thread and a query
 *   resolves without returning to the loop, so a run of statements would hold up everything
 *   else waiting until its end (decision 0013).
 */
export function embedded<Client extends EmbeddedClient>(client: Client) {
	const inProcess = client instanceof PGlite
	if (inProcess) for (const oid of DRIZZLE_TEXT_TYPES) client.parsers[Number(oid)] = asText
	const changes = changeCount()
	type Query = PGlite['query']
	const counted =
		(query: Query, changed: () => void): Query =>
		async <T>(...[text, params, options]: Parameters<Query>) => {
			if (inProcess) await setImmediate()
			let result: Results<T> | undefined
			try {
				result = await query<T>(
					text,
					params,
					options?.parsers &&
						Object.keys(options.parsers).every((oid) => DRIZZLE_TEXT_TYPES.has(oid))
						? { ...options, parsers: undefined }
						: options,
				)
				return result
			} finally {
				if (mayHaveChanged(text, result)) changed()
			}
		}
	// In this process, reads and row changes run as named statements (pglite-statements.mjs); on
	// its thread, the worker does the same.
	const named = (query: Query, byName: typeof namedQuery): Query =>
		inProcess
			? (((text, params, options) =>
					isNamed(text, options)
						? byName(client as unknown as PGlite, text, params, options)
						: query(text, params, options)) as Query)
			: query
	client.query = counted(named(client.query.bind(client), lockedNamedQuery), changes.note)
	const exec = client.exec.bind(client)
	client.exec = (...args) => exec(...args).finally(changes.note)
	const transaction = client.transaction.bind(client)
	// A transaction that changed anything counts once, when it has ended: after its commit, so a
	// count read before a query that then sees the old rows is never the count after them.
	client.transaction = (callback) => {
		let changed = false
		return transaction((tx) => {
			// The transaction holds PGlite's transaction lock already: each query takes the query lock.
			const inTransaction: typeof namedQuery = (...args) =>
				client.runExclusive(() => namedQuery(...args))
			tx.query = counted(named(tx.query, inTransaction), () => {
				changed = true
			})
			return callback(tx)
		}).finally(() => {
			if (changed) changes.note()
		})
	}
	return { client, changes }
}

/**
 * Whether a statement may have changed rows: not a `show`, not a `select` (the functions the app
 * defines are all stable or immutable, as client.test.ts checks), and not an insert, update or
 * delete that touched no row (the job scheduler's claim every second, usually). A statement that
 * failed counts: better asked again than stale.
 */
function mayHaveChanged(text: string, result: { affectedRows?: number } | undefined) {
	if (READS.test(text)) return false
	return !(result?.affectedRows === 0 && ROW_WRITES.test(text))
}
const READS = /^\s*(select|show)\b/i
const ROW_WRITES = /^\s*(insert|update|delete)\b/i

/** A count that starts at 0 (the embedded database's own; tests make their own to drive). */
export function changeCount(): ChangeCount {
	let value = 0
	return {
		get value() {
			return value
		},
		note: () => {
			value++
		},
	}
}

/** Is this drizzle's client the embedded database (here or on its thread)? */
export const isEmbedded = (client: unknown): client is EmbeddedClient =>
	client instanceof PGlite || client instanceof PGliteThread
