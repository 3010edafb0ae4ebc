import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it, vi } from 'vitest'
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

	it('write a backup on each tick of the schedule and keep the newest', async () => {
		// Only the schedule's timer is faked: the backups themselves run for real, and the test
		// drives the clock instead of waiting for it (it timed out on a loaded machine).
		vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
		const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'koi-schedule-'))
		const database = await createTestDatabase()
		try {
			let written = 0
			const logger = {
				info: () => written++,
				error: (_: unknown, message: string) => expect.fail(message),
			} as unknown as Logger
			let clock = Date.parse('2026-11-23T10:00:00Z')
			const schedule = scheduleBackups({
				db: database.db,
				dir,
				everyHours: 1,
				keep: 2,
				logger,
				now: () => new Date(clock),
			})
			vi.advanceTimersByTime(3_599_999)
			await schedule.settled()
			expect(written).toBe(0)
			for (let hour = 1; hour <= 3; hour++) {
				clock += 3_600_000
				vi.advanceTimersByTime(hour === 1 ? 1 : 3_600_000)
				await schedule.settled()
				expect(written).toBe(hour)
			}
			await schedule.stop()
			const files = fs.readdirSync(dir).sort()
			expect(files).toEqual([
				'shop-2026-11-23T12-00-00Z.backup.gz',
				'shop-2026-11-23T13-00-00Z.backup.gz',
			])
			expect(readBackup(path.join(dir, files[0]!)).tables.has('orders')).toBe(true)
		} finally {
			vi.useRealTimers()
			await database.cleanup()
			fs.rmSync(dir, { recursive: true, force: true })
		}
	})
})
