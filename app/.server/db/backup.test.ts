import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../../../tests/support/db'
import { fillShop, snapshot } from '../../../tests/support/shop-fixture'
import { BackupError, countRows, readBackup, restoreBackup, writeBackup } from './backup'
import { emptyTables, tablesInOrder } from './tables'

let database: TestDatabase
let dir: string
beforeAll(async () => {
	database = await createTestDatabase()
	dir = fs.mkdtempSync(path.join(os.tmpdir(), 'koi-backup-'))
	await fillShop(database.db)
})
afterAll(async () => {
	await database?.cleanup()
	fs.rmSync(dir, { recursive: true, force: true })
})

describe('backup and restore', () => {
	it('backs up a shop, and after a wipe the restore brings back every row', async () => {
		const before = await snapshot(database.db)
		expect(before.orders).toHaveLength(7)
		expect(before.order_events).toHaveLength(14)
		expect(before.email_outbox).toHaveLength(2)
		const file = path.join(dir, 'shop.backup.gz')
		const written = await writeBackup(database.db, file)
		expect(written.counts.orders).toBe(7)
		expect(fs.statSync(file).mode & 0o777).toBe(0o600)

		await database.db.transaction((tx) =>
			tablesInOrder(tx).then((tables) => emptyTables(tx, tables)),
		)
		expect((await countRows(database.db)).orders).toBe(0)

		await restoreBackup(database.db, readBackup(file))
		expect(await snapshot(database.db)).toEqual(before)
		// Sequences follow the restored rows: a new event gets a fresh id.
		await expect(
			database.db.execute(
				"insert into order_events (order_id, actor, to_status) values ('KOI-1000', 'system', 'paid')",
			),
		).resolves.toBeTruthy()
	})

	it('refuses a file that is not a backup, a truncated one, or one from a newer schema', async () => {
		const file = path.join(dir, 'shop.backup.gz')
		const notBackup = path.join(dir, 'notes.txt')
		fs.writeFileSync(notBackup, 'hello')
		expect(() => readBackup(notBackup)).toThrow(/not a shop backup/)
		const truncated = path.join(dir, 'truncated.gz')
		const bytes = fs.readFileSync(file)
		fs.writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length / 2)))
		expect(() => readBackup(truncated)).toThrow(/truncated/)
		// Cut at a line boundary and re-compressed: the end marker is missing.
		const lines = zlib.gunzipSync(bytes).toString().split('\n')
		fs.writeFileSync(truncated, zlib.gzipSync(lines.slice(0, 5).join('\n')))
		expect(() => readBackup(truncated)).toThrow(/truncated/)

		const before = await countRows(database.db)
		const newer = readBackup(file)
		newer.migrations.push('a-migration-from-the-future')
		await expect(restoreBackup(database.db, newer)).rejects.toThrow(BackupError)
		await expect(restoreBackup(database.db, newer)).rejects.toThrow(/newer version/)
		expect(await countRows(database.db)).toEqual(before)
	})
})
