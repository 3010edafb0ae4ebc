import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Logger } from '~/.server/logger'
import { createTestDatabase } from '../../../tests/support/db'
import { readBackup } from './backup'
import { backupFileName, pruneBackups, scheduleBackups } from './backup-schedule'

describe('scheduled backups', () => {
	it('name files by time and keep only the newest', () => {
		const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'koi-prune-'))
		expect(backupFileName(new Date('2026-11-23T10:05:09.123Z'))).toBe(
			'shop-2026-11-23T10-05-09Z.backup.gz',
		)
		for (const day of [1, 2, 3, 4]) {
			const name = backupFileName(new Date(`2026-11-0${day}T00:00:00Z`))
			fs.writeFileSync(path.join(dir, name), '')
		}
		fs.writeFileSync(path.join(dir, 'my-own-copy.backup.gz'), '')
		pruneBackups(dir, 2)
		expect(fs.readdirSync(dir).sort()).toEqual([
			'my-own-copy.backup.gz',
			'shop-2026-11-03T00-00-00Z.backup.gz',
			'shop-2026-11-04T00-00-00Z.backup.gz',
		])
		fs.rmSync(dir, { recursive: true })
	})

	it('write a backup on schedule and keep the newest', async () => {
		const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'koi-schedule-'))
		const database = await createTestDatabase()
		try {
			// Every 1.1 s (the names have one-second resolution), until three have been written.
			let written = 0
			const logger = {
				info: () => written++,
				error: (_: unknown, message: string) => expect.fail(message),
			} as unknown as Logger
			const schedule = scheduleBackups({
				db: database.db,
				dir,
				everyHours: 1.1 / 3600,
				keep: 2,
				logger,
			})
			for (let i = 0; i < 300 && written < 3; i++) await new Promise((r) => setTimeout(r, 50))
			await schedule.stop()
			expect(written).toBe(3)
			const files = fs.readdirSync(dir)
			expect(files).toHaveLength(2)
			expect(readBackup(path.join(dir, files[0]!)).tables.has('orders')).toBe(true)
		} finally {
			await database.cleanup()
			fs.rmSync(dir, { recursive: true, force: true })
		}
	})
})
