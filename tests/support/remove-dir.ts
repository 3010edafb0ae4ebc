import fs from 'node:fs'

/**
 * Removes a test's data directory. The photo worker (a process of its own) may still be writing an
 * upload's variants into the photo cache for a moment: retried until it has finished, rather than
 * failing on ENOTEMPTY.
 */
export function removeDataDir(dir: string) {
	fs.rmSync(dir, { recursive: true, force: true, maxRetries: 20, retryDelay: 100 })
}
