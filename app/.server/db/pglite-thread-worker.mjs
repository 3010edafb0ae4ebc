// @ts-check
// The embedded database on a thread of its own (decision 0027): PGlite runs Postgres inside
// WebAssembly, synchronously, so on the server's thread every statement held up every page being
// served. Here it runs on a worker thread and the server's thread only sends requests and reads
// answers. It executes what app/.server/db/pglite-thread.ts asks, one request at a time in
// arrival order; that side decides the order (transactions, management sessions).
//
// Plain JavaScript, like create-pglite.mjs: started as it is in development, tests and production.
import { parentPort, workerData } from 'node:worker_threads'
import { PGlite } from '@electric-sql/pglite'
import { readRange } from './file-range.mjs'
import { isNamed, lockedNamedQuery } from './pglite-statements.mjs'

/** @type {{ dataDir?: string, startParams: string[], textTypes: number[] }} */
const { dataDir, startParams, textTypes } = workerData
const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort)

/** @param {string} value */
const asText = (value) => value

/**
 * A database error as plain fields: an Error's own properties (code, constraint, detail…) do not
 * survive being posted between threads; parsers and other functions cannot be posted at all.
 * @param {unknown} error
 */
function plainError(error) {
	if (!(error instanceof Error)) return { message: String(error) }
	/** @type {Record<string, unknown>} */
	const fields = { name: error.name, message: error.message }
	for (const [key, value] of Object.entries(error)) {
		if (value === undefined || value === null || typeof value === 'object') continue
		if (typeof value !== 'function') fields[key] = value
	}
	return fields
}

/**
 * @typedef {{ id: number, op: 'query', text: string, params?: unknown[], rowMode?: 'array' | 'object', blob?: Uint8Array<ArrayBuffer>, blobFile?: import('./file-range.mjs').FileRange }
 *   | { id: number, op: 'exec', text: string }
 *   | { id: number, op: 'protocol', message: Uint8Array }
 *   | { id: number, op: 'close' }} Request
 */

let db
try {
	db = new PGlite({ dataDir, startParams })
	await db.waitReady
	for (const oid of textTypes) db.parsers[oid] = asText
	port.postMessage({ ready: true })
} catch (error) {
	port.postMessage({ ready: false, error: plainError(error) })
	process.exit(1)
}
const pglite = db

/** @param {Request} request */
async function run(request) {
	switch (request.op) {
		case 'query': {
			const bytes = request.blobFile ? await readRange(request.blobFile) : request.blob
			const options = { rowMode: request.rowMode, blob: bytes ? new Blob([bytes]) : undefined }
			const result =
				bytes || !isNamed(request.text, options)
					? await pglite.query(request.text, request.params, options)
					: await lockedNamedQuery(pglite, request.text, request.params, options)
			const blob = result.blob ? new Uint8Array(await result.blob.arrayBuffer()) : undefined
			return { ...result, blob }
		}
		case 'exec':
			return await pglite.exec(request.text)
		case 'protocol': {
			/** @type {Uint8Array[]} */
			const parts = []
			// Copied: PGlite reuses its buffer for the next message.
			await pglite.execProtocolRawStream(request.message, {
				onRawData: (data) => parts.push(data.slice()),
			})
			return Buffer.concat(parts)
		}
		case 'close':
			await pglite.close()
			return null
	}
}

let queue = Promise.resolve()
port.on('message', (/** @type {Request} */ request) => {
	queue = queue.then(async () => {
		try {
			const result = await run(request)
			const inTransaction = request.op === 'close' ? false : pglite.isInTransaction()
			port.postMessage({ id: request.id, ok: true, result, inTransaction })
			if (request.op === 'close') port.close()
		} catch (error) {
			const inTransaction = pglite.closed ? false : pglite.isInTransaction()
			port.postMessage({ id: request.id, ok: false, error: plainError(error), inTransaction })
		}
	})
})
