// @ts-check
// Part of a file read into memory: by the embedded database's thread (pglite-thread-worker.mjs)
// for a query's blob, or where no such thread runs, by the store itself (photos/store.ts).
import { open } from 'node:fs/promises'

/**
 * @typedef {{ path: string, position: number, length: number }} FileRange
 * @param {FileRange} range
 */
export async function readRange({ path, position, length }) {
	const file = await open(path, 'r')
	try {
		const bytes = Buffer.alloc(length)
		const { bytesRead } = await file.read(bytes, 0, length, position)
		if (bytesRead !== length) throw new Error(`${path} ended at ${position + bytesRead}`)
		return bytes
	} finally {
		await file.close()
	}
}
