import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { backupFileName, pruneBackups } from './backup-schedule'

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
})
