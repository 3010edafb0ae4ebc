// @ts-check
// Named statements for the embedded database (decision 0027, 3 Dec). Plain JavaScript, as
// pglite-thread-worker.mjs, which uses it as well as embedded.ts.
import { parse, protocol } from '@electric-sql/pglite'

/**
 * PGlite's `query()` parses, analyses and plans every statement afresh, and that costs more than
 * running it: the customer's project page, one statement, took 1.9 ms through `query()` and
 * 0.29 ms as a named statement executed again (in process, bench:builds' data). A statement's text is the
 * same each time it runs (drizzle passes values as parameters), so each one is parsed once under
 * a name and executed by that name after, as postgres.js does for every query on PostgreSQL, and
 * Postgres keeps its plan (a generic one once five custom plans cost no less).
 *
 * Only reads and row changes are named (not DDL, not BEGIN or COMMIT), and at most LIMIT of
 * them, the least recently used closed first. Postgres checks each one's plan against the schema
 * on every execution and plans again when a table changed. A statement that no longer exists
 * (a management client's DISCARD ALL) or whose columns changed type is named afresh and run
 * again, outside a transaction; inside one, the transaction has already failed and says so.
 */
const NAMED = /^\s*(select|insert|update|delete|with)\b/i
const LIMIT = 500
/** 26000: no such prepared statement; 0A000 'cached plan must not change result type'. */
const STALE = new Set(['26000', '0A000'])
const serialize = protocol.serialize
const noSync = { syncToFs: false }

/**
 * Whether `namedQuery` runs this query: a read or row change, without a file to copy (the
 * COPY … '/dev/blob' path stays with `query()`) or types given for its parameters.
 * @param {string} text
 * @param {{ blob?: unknown, paramTypes?: unknown } | undefined} options
 */
export function isNamed(text, options) {
	return NAMED.test(text) && !options?.blob && !options?.paramTypes
}

/** @typedef {{ name: string, types: number[] }} Statement */
/** @type {WeakMap<object, { statements: Map<string, Statement>, next: number }>} */
const caches = new WeakMap()

/**
 * Runs `text` as PGlite's `query()` would and answers the same result, the caller holding
 * PGlite's query lock (`runExclusive`).
 * @param {import('@electric-sql/pglite').PGlite} pglite
 * @param {string} text
 * @param {unknown[] | undefined} params
 * @param {import('@electric-sql/pglite').QueryOptions | undefined} options
 */
export async function namedQuery(pglite, text, params = [], options = undefined) {
	let cache = caches.get(pglite)
	if (!cache) {
		cache = { statements: new Map(), next: 1 }
		caches.set(pglite, cache)
	}
	try {
		return await execute(pglite, cache, text, params, options)
	} catch (error) {
		const code = /** @type {{ code?: string }} */ (error).code
		if (!STALE.has(code ?? '') || pglite.isInTransaction()) throw withQuery(error, text, params)
		const stale = cache.statements.get(text)
		cache.statements.delete(text)
		if (stale) {
			// Closing one that no longer exists is no error.
			await pglite.execProtocolStream(serialize.close({ type: 'S', name: stale.name }), noSync)
			await pglite.execProtocolStream(serialize.sync(), noSync)
		}
		try {
			return await execute(pglite, cache, text, params, options)
		} catch (again) {
			throw withQuery(again, text, params)
		}
	}
}

/**
 * `namedQuery` outside a transaction: it takes PGlite's transaction lock and then its query lock,
 * as `query()` does (the worker's requests, and this process's queries outside a transaction).
 * @param {import('@electric-sql/pglite').PGlite} pglite
 * @param {string} text
 * @param {unknown[] | undefined} params
 * @param {import('@electric-sql/pglite').QueryOptions | undefined} options
 */
export function lockedNamedQuery(pglite, text, params, options) {
	return pglite._runExclusiveTransaction(() =>
		pglite.runExclusive(() => namedQuery(pglite, text, params, options)),
	)
}

/**
 * @param {import('@electric-sql/pglite').PGlite} pglite
 * @param {{ statements: Map<string, Statement>, next: number }} cache
 * @param {string} text
 * @param {unknown[]} params
 * @param {import('@electric-sql/pglite').QueryOptions | undefined} options
 */
async function execute(pglite, cache, text, params, options) {
	/** @type {Awaited<ReturnType<import('@electric-sql/pglite').PGlite['execProtocolStream']>>} */
	const messages = []
	try {
		const statement =
			cache.statements.get(text) ?? (await prepare(pglite, `app_${cache.next++}`, text))
		// Most recently used last: the first in the map is the one to close.
		cache.statements.delete(text)
		cache.statements.set(text, statement)
		const { types } = statement
		const values = params.map((value, i) => {
			if (value === null || value === undefined) return null
			const serializer =
				options?.serializers?.[types[i] ?? -1] ?? pglite.serializers[types[i] ?? -1]
			return serializer ? serializer(value) : String(value)
		})
		messages.push(
			...(await pglite.execProtocolStream(
				serialize.bind({ statement: statement.name, values }),
				noSync,
			)),
			...(await pglite.execProtocolStream(serialize.describe({ type: 'P' }), noSync)),
			...(await pglite.execProtocolStream(serialize.execute({}), noSync)),
		)
		if (cache.statements.size > LIMIT) {
			const [oldest, { name }] = /** @type {[string, Statement]} */ (
				cache.statements.entries().next().value
			)
			cache.statements.delete(oldest)
			await pglite.execProtocolStream(serialize.close({ type: 'S', name }), noSync)
		}
	} finally {
		messages.push(...(await pglite.execProtocolStream(serialize.sync(), noSync)))
	}
	if (!pglite.isInTransaction()) await pglite.syncToFs()
	// One statement, one result: as PGlite's query() answers.
	return /** @type {import('@electric-sql/pglite').Results} */ (
		parse.parseResults(messages, pglite.parsers, options)[0]
	)
}

/**
 * Parses `text` under `name`; its parameters' types are what their values are serialized as.
 * @param {import('@electric-sql/pglite').PGlite} pglite
 * @param {string} name
 * @param {string} text
 * @returns {Promise<Statement>}
 */
async function prepare(pglite, name, text) {
	await pglite.execProtocolStream(serialize.parse({ name, text, types: [] }), noSync)
	const described = await pglite.execProtocolStream(serialize.describe({ type: 'S', name }), noSync)
	const parameters = described.find((m) => m.name === 'parameterDescription')
	return {
		name,
		types:
			parameters && 'dataTypeIDs' in parameters
				? /** @type {number[]} */ (parameters.dataTypeIDs)
				: [],
	}
}

/**
 * As PGlite's `query()` does: the statement and its parameters on the error.
 * @param {unknown} error
 * @param {string} text
 * @param {unknown[]} params
 */
function withQuery(error, text, params) {
	if (error && typeof error === 'object') Object.assign(error, { query: text, params })
	return error
}
