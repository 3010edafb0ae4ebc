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

/**
 * One scheduled backup (job 'backup', every BACKUP_EVERY_HOURS): written on the server's own
 * connection (nothing else may open the embedded database), then the oldest pruned. A failure
 * throws, so the scheduler records it for staff and retries.
 */
export async function runScheduledBackup(options: {
	db: Db
	dir: string
	keep: number
	logger: Logger
	now: Date
}) {
	const started = Date.now()
	const { file, bytes } = await writeBackup(
		options.db,
		path.join(options.dir, backupFileName(options.now)),
	)
	pruneBackups(options.dir, options.keep)
	options.logger.info({ file, bytes, ms: Date.now() - started }, 'scheduled backup written')
}
