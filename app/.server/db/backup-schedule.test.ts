import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Logger } from '~/.server/logger'
import { createTestDatabase } from '../../../tests/support/db'
import { Scheduler } from '../jobs/scheduler'
import { readBackup } from './backup-file'
import { backupFileName, pruneBackups, runScheduledBackup } from './backup-schedule'

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

	it('write a backup each time the schedule comes round and keep the newest', async () => {
		// The job scheduler drives it with a fake clock: the backups themselves run for real, and
		// the test moves the clock instead of waiting for it.
		const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'koi-schedule-'))
		const database = await createTestDatabase()
		try {
			let written = 0
			const logger = {
				info: () => written++,
				warn: (_: unknown, message: string) => expect.fail(message),
				error: (_: unknown, message: string) => expect.fail(message),
			} as unknown as Logger
			let clock = Date.parse('2026-11-23T10:00:00Z')
			const now = () => new Date(clock)
			const scheduler = new Scheduler({
				db: database.db,
				logger,
				now,
				handlers: {
					backup: async () =>
						runScheduledBackup({ db: database.db, dir, keep: 2, logger, now: now() }),
				},
				recurring: [{ name: 'backup', everyMs: 3_600_000 }],
			})
			await scheduler.register()
			clock += 3_599_999
			expect(await scheduler.runDue()).toBe(0)
			for (let hour = 1; hour <= 3; hour++) {
				clock = Date.parse('2026-11-23T10:00:00Z') + hour * 3_600_000
				expect(await scheduler.runDue()).toBe(1)
				expect(written).toBe(hour)
			}
			const files = fs.readdirSync(dir).sort()
			expect(files).toEqual([
				'shop-2026-11-23T12-00-00Z.backup.gz',
				'shop-2026-11-23T13-00-00Z.backup.gz',
			])
			expect((await readBackup(path.join(dir, files[0]!))).counts).toHaveProperty('orders')
		} finally {
			await database.cleanup()
			fs.rmSync(dir, { recursive: true, force: true })
		}
	})
})
