import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from './client'
import { rows } from './rows'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'koi-backup-size-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

/** Runs `code` (an ES module) in a process with a 64 MB heap; it prints its result as JSON last. */
function withSmallHeap(code: string, ...args: string[]) {
	const run = spawnSync(
		process.execPath,
		['--max-old-space-size=64', '--import', 'tsx', '--input-type=module', '--eval', code, ...args],
		{ encoding: 'utf8', timeout: 120_000 },
	)
	expect(run.stderr).not.toMatch(/heap out of memory/)
	expect(run.status).toBe(0)
	return JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '{}') as Record<string, number>
}

describe('a backup larger than the heap', () => {
	it('is written and restored a batch at a time by processes whose heap is a fraction of it', async () => {
		// 64 MB of photo originals (1,024 chunks): 128 MB as JSON, twice the writer's 64 MB heap.
		const dataDir = path.join(dir, 'db')
		const database = await openDatabase({ dataDir })
		await database.db.execute(
			sql`insert into photo_chunks (photo_id, seq, bytes)
				select 'large', g, decode(repeat(md5(g::text), 4096), 'hex') from generate_series(0, 1023) g`,
		)
		await database.close()
		const file = path.join(dir, 'shop.backup.gz')
		const written = withSmallHeap(
			`const { openDatabase } = await import('./app/.server/db/client.ts')
			const { writeBackup } = await import('./app/.server/db/backup.ts')
			const database = await openDatabase({ dataDir: process.argv[1] })
			const { counts } = await writeBackup(database.db, process.argv[2])
			await database.close()
			console.log(JSON.stringify(counts))`,
			dataDir,
			file,
		)
		expect(written.photo_chunks).toBe(1024)

		// Restored into a new shop by a process with the same heap: read and written a batch at a time.
		const target = path.join(dir, 'restored')
		await (await openDatabase({ dataDir: target })).close()
		withSmallHeap(
			`const { openDatabase } = await import('./app/.server/db/client.ts')
			const { restoreBackup } = await import('./app/.server/db/backup.ts')
			const { readBackup } = await import('./app/.server/db/backup-file.ts')
			const backup = await readBackup(process.argv[2])
			const database = await openDatabase({ dataDir: process.argv[1] })
			await restoreBackup(database.db, backup)
			await database.close()
			console.log(JSON.stringify(backup.counts))`,
			target,
			file,
		)
		const restored = await openDatabase({ dataDir: target })
		try {
			const [found] = await rows<{ n: number; bytes: number; first: string }>(
				restored.db,
				sql`select count(*)::int as n, sum(length(bytes))::int as bytes,
					(select encode(bytes, 'hex') from photo_chunks where seq = 7) as first
					from photo_chunks`,
			)
			expect(found).toMatchObject({ n: 1024, bytes: 1024 * 65_536 })
			expect(found?.first.slice(0, 32)).toBe(createHash('md5').update('7').digest('hex'))
		} finally {
			await restored.close()
		}
	}, 180_000)
})
