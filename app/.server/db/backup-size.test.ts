import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from './client'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'koi-backup-size-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

describe('a backup larger than the heap', () => {
	it('is written a batch at a time by a process whose heap is a fraction of it', async () => {
		// 64 MB of photo originals (1,024 chunks): 128 MB as JSON, twice the writer's 64 MB heap.
		const dataDir = path.join(dir, 'db')
		const database = await openDatabase({ dataDir })
		await database.db.execute(
			sql`insert into photo_chunks (photo_id, seq, bytes)
				select 'large', g, decode(repeat(md5(g::text), 4096), 'hex') from generate_series(0, 1023) g`,
		)
		await database.close()
		const file = path.join(dir, 'shop.backup.gz')
		const run = spawnSync(
			process.execPath,
			[
				'--max-old-space-size=64',
				'--import',
				'tsx',
				'--input-type=module',
				'--eval',
				`const { openDatabase } = await import('./app/.server/db/client.ts')
				const { writeBackup } = await import('./app/.server/db/backup.ts')
				const database = await openDatabase({ dataDir: process.argv[1] })
				const { counts } = await writeBackup(database.db, process.argv[2])
				await database.close()
				console.log(JSON.stringify(counts))`,
				dataDir,
				file,
			],
			{ encoding: 'utf8', timeout: 120_000 },
		)
		expect(run.stderr).not.toMatch(/heap out of memory/)
		expect(run.status).toBe(0)
		expect(JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '{}').photo_chunks).toBe(1024)
		expect(fs.statSync(file).size).toBeGreaterThan(0)
	}, 180_000)
})
