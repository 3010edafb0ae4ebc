import fs from 'node:fs'
import path from 'node:path'
import type { Logger } from '~/.server/logger'
import { writeBackup } from './backup'
import type { Db } from './client'

const PREFIX = 'shop-'
const SUFFIX = '.backup.gz'

/** shop-2026-11-23T10-50-00Z.backup.gz: sorts by time, safe in any file system. */
export function backupFileName(at = new Date()) {
	return `${PREFIX}${at
		.toISOString()
		.replace(/\.\d+Z$/, 'Z')
		.replaceAll(':', '-')}${SUFFIX}`
}

/** Deletes all but the newest `keep` backups this schedule wrote in `dir`. */
export function pruneBackups(dir: string, keep: number) {
	const files = fs
		.readdirSync(dir)
		.filter((name) => name.startsWith(PREFIX) && name.endsWith(SUFFIX))
		.sort()
	for (const name of files.slice(0, Math.max(0, files.length - keep)))
		fs.rmSync(path.join(dir, name), { force: true })
}

/** Backs the database up every `everyHours` (the server's own connection; nothing else opens it). */
export function scheduleBackups(options: {
	db: Db
	dir: string
	everyHours: number
	keep: number
	logger: Logger
	/** The clock backups are named by (tests drive it; names have one-second resolution). */
	now?: () => Date
}) {
	const { db, dir, everyHours, keep, logger, now = () => new Date() } = options
	let running: Promise<void> | undefined
	const run = async () => {
		const started = Date.now()
		try {
			const { file, bytes } = await writeBackup(db, path.join(dir, backupFileName(now())))
			pruneBackups(dir, keep)
			logger.info({ file, bytes, ms: Date.now() - started }, 'scheduled backup written')
		} catch (error) {
			logger.error({ err: error }, 'scheduled backup failed')
		}
	}
	const timer = setInterval(
		() => {
			running ??= run().finally(() => {
				running = undefined
			})
		},
		everyHours * 3600 * 1000,
	)
	timer.unref()
	return {
		/** Resolves when the backup under way, if any, has finished. */
		settled: () => running ?? Promise.resolve(),
		async stop() {
			clearInterval(timer)
			await running
		},
	}
}
