import fs from 'node:fs'
import path from 'node:path'

/**
 * The exclusive lock on an embedded database: a file in DATA_DIR holding the owner's pid, created
 * with O_EXCL so exactly one process wins. PGlite is single-process (DESIGN decision 14): whoever
 * holds this lock is the only process that may open DATA_DIR/db.
 */
export type DataDirLock = { file: string; release(): void }

export class DataDirLockedError extends Error {
	constructor(
		readonly file: string,
		readonly pid: number,
	) {
		super(`The embedded database is in use by process ${pid} (lock file ${file}).`)
	}
}

export const lockFile = (dataDir: string) => path.resolve(dataDir, 'db.lock')

/** Locks this process holds: a lock file with our pid that is not here was left by an earlier
 * process that had the same pid (a restarted container often reuses it). */
const held = new Set<string>()

export function acquireDataDirLock(dataDir: string): DataDirLock {
	const file = lockFile(dataDir)
	fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 })
	for (let attempt = 0; attempt < 3; attempt++) {
		try {
			fs.writeFileSync(file, `${process.pid}\n`, { flag: 'wx', mode: 0o600 })
			held.add(file)
			return {
				file,
				release: () => {
					held.delete(file)
					releaseIfOurs(file)
				},
			}
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
		}
		const owner = lockOwner(dataDir)
		if (owner !== undefined) throw new DataDirLockedError(file, owner)
		// Left by a process that was killed: nobody owns it, so take it over.
		fs.rmSync(file, { force: true })
	}
	throw new Error(`Could not take the database lock ${file}.`)
}

/** The pid of the live process holding the lock, or undefined when it is free or stale. */
export function lockOwner(dataDir: string): number | undefined {
	let pid: number
	try {
		pid = Number.parseInt(fs.readFileSync(lockFile(dataDir), 'utf8'), 10)
	} catch {
		return undefined
	}
	if (!Number.isInteger(pid) || pid <= 0) return undefined
	if (pid === process.pid) return held.has(lockFile(dataDir)) ? pid : undefined
	return isAlive(pid) ? pid : undefined
}

function isAlive(pid: number) {
	try {
		process.kill(pid, 0)
		return true
	} catch (error) {
		// EPERM: the pid exists but belongs to another user, so it is alive.
		return (error as NodeJS.ErrnoException).code === 'EPERM'
	}
}

function releaseIfOurs(file: string) {
	try {
		if (Number.parseInt(fs.readFileSync(file, 'utf8'), 10) === process.pid) fs.rmSync(file)
	} catch {
		// Already gone.
	}
}
