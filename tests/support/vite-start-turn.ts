import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

/**
 * React Router's Vite plugin deletes and rewrites .react-router/types whenever a dev server starts
 * (its typegen watcher). Two starting at once in one checkout race on it: a test worker's Vite
 * (tests/support/app.ts) or a spawned `server.js` in development mode died with ENOENT or
 * ENOTEMPTY from one's write after the other's delete. So every start in the tests takes turns:
 * one at a time, each until its types are written again.
 */
const LOCK = path.join(os.tmpdir(), `koi-vite-start-${Buffer.from(process.cwd()).toString('hex')}`)
const MARKER = path.join('.react-router', 'types', '+future.ts')
/** A turn left by a killed run is taken over after this long. */
const STALE_MS = 30_000

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Runs `start` in this checkout's turn and keeps the turn until the types have been written again,
 * `gone(value)` says the server never will (it exited), or 10 s have passed.
 */
export async function inViteStartTurn<T>(
	start: () => Promise<T> | T,
	gone: (value: T) => boolean = () => false,
): Promise<T> {
	for (;;) {
		try {
			fs.mkdirSync(LOCK)
			break
		} catch {
			const age = Date.now() - (fs.statSync(LOCK, { throwIfNoEntry: false })?.mtimeMs ?? Date.now())
			if (age > STALE_MS) fs.rmSync(LOCK, { recursive: true, force: true })
			await sleep(50)
		}
	}
	const writtenAt = () => fs.statSync(MARKER, { throwIfNoEntry: false })?.mtimeMs
	try {
		// Rewritten, not just recent: the last turn's file may be only milliseconds old.
		const before = writtenAt()
		const value = await start()
		for (let waited = 0; waited < 10_000 && !gone(value); waited += 50) {
			const now = writtenAt()
			if (now !== undefined && now !== before) break
			await sleep(50)
		}
		return value
	} finally {
		fs.rmSync(LOCK, { recursive: true, force: true })
	}
}
