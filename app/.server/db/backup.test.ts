import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../../../tests/support/db'
import { fillShop, snapshot } from '../../../tests/support/shop-fixture'
import { countRows, restoreBackup, writeBackup } from './backup'
import { BackupError, readBackup } from './backup-file'
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
		expect(before.portfolio_projects).toHaveLength(6)
		expect(before.testimonials).toHaveLength(3)
		expect(before.content_seeds).toHaveLength(2)
		expect(before.photos).toHaveLength(1)
		expect(before.photo_chunks![0]).toContain('\\\\x000102')
		const file = path.join(dir, 'shop.backup.gz')
		const written = await writeBackup(database.db, file)
		expect(written.counts.orders).toBe(7)
		expect(fs.statSync(file).mode & 0o777).toBe(0o600)

		await database.db.transaction((tx) =>
			tablesInOrder(tx).then((tables) => emptyTables(tx, tables)),
		)
		expect((await countRows(database.db)).orders).toBe(0)

		await restoreBackup(database.db, await readBackup(file))
		expect(await snapshot(database.db)).toEqual(before)
		// Sequences follow the restored rows: a new event gets a fresh id.
		await expect(
			database.db.execute(
				"insert into order_events (order_id, actor, to_status) values ('KOI-1000', 'system', 'paid')",
			),
		).resolves.toBeTruthy()
	})

	it('leaves sessions, reset links and attempt counters out, and never restores them', async () => {
		const db = database.db
		const later = "now() + interval '1 hour'"
		for (const statement of [
			`insert into session (id, token, expires_at, user_id) values ('s1', 'live-session-token', ${later}, 'user-1')`,
			`insert into verification (id, identifier, value, expires_at) values ('v1', 'reset-password:live-reset-token', 'user-1', ${later})`,
			`insert into login_attempts (key, failures, window_start) values ('signin:ip:192.0.2.1', 3, now())`,
			`insert into email_outbox ("to", subject, text, html, kind) values ('customer1@example.co.uk', 'Reset', 'live-reset-token', 'x', 'password-reset')`,
		])
			await db.execute(sql.raw(statement))
		const before = await snapshot(db)
		const file = path.join(dir, 'credentials.backup.gz')
		const written = await writeBackup(db, file)
		const content = zlib.gunzipSync(fs.readFileSync(file)).toString()
		expect(/live-session-token|live-reset-token|signin:ip/.exec(content)?.[0]).toBeUndefined()
		expect(written.counts).toMatchObject({ session: 0, verification: 0, login_attempts: 0 })

		// A backup made before this rule, with them in it: the restore leaves them out too.
		const lines = content.trimEnd().split('\n')
		const end = JSON.parse(lines.pop()!) as { end: true; counts: Record<string, number> }
		const credentials = ['session', 'verification', 'login_attempts']
		const kept = lines.filter((line) => !line.includes('"table":"email_outbox"'))
		for (const table of [...credentials, 'email_outbox']) {
			const rows = (before[table] ?? []).map((row) => JSON.parse(row))
			kept.push(...rows.map((row) => JSON.stringify({ table, row })))
			end.counts[table] = rows.length
		}
		const oldFile = path.join(dir, 'old-rule.backup.gz')
		fs.writeFileSync(oldFile, zlib.gzipSync(`${[...kept, JSON.stringify(end)].join('\n')}\n`))
		const old = await readBackup(oldFile)
		expect(old.counts.session).toBe(1)
		await restoreBackup(db, old)
		const after = await snapshot(db)
		for (const table of credentials) expect(after[table], table).toEqual([])
		expect(after.email_outbox!.join()).not.toContain('live-reset-token')
		expect(after.email_outbox).toHaveLength(before.email_outbox!.length - 1)
		expect(after.orders).toEqual(before.orders)
	})

	it('refuses a file that is not a backup, a truncated one, or one from a newer schema', async () => {
		const file = path.join(dir, 'shop.backup.gz')
		const notBackup = path.join(dir, 'notes.txt')
		fs.writeFileSync(notBackup, 'hello')
		await expect(readBackup(notBackup)).rejects.toThrow(/not a shop backup/)
		const truncated = path.join(dir, 'truncated.gz')
		const bytes = fs.readFileSync(file)
		fs.writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length / 2)))
		await expect(readBackup(truncated)).rejects.toThrow(/truncated/)
		// Cut at a line boundary and re-compressed: the end marker is missing.
		const lines = zlib.gunzipSync(bytes).toString().split('\n')
		fs.writeFileSync(truncated, zlib.gzipSync(lines.slice(0, 5).join('\n')))
		await expect(readBackup(truncated)).rejects.toThrow(/truncated/)

		const before = await countRows(database.db)
		const newer = await readBackup(file)
		newer.migrations.push('a-migration-from-the-future')
		await expect(restoreBackup(database.db, newer)).rejects.toThrow(BackupError)
		await expect(restoreBackup(database.db, newer)).rejects.toThrow(/newer version/)
		expect(await countRows(database.db)).toEqual(before)
	})

	it('keeps the analytics salt out, so a restored shop starts a new one (issue 57 item 8)', async () => {
		const db = database.db
		await db.execute(
			sql.raw(
				"insert into analytics_salts (day, salt) values ('2026-11-30', 'the-day-salt') on conflict do nothing",
			),
		)
		await db.execute(
			sql.raw(
				"insert into analytics_address_caps (day, address, views, keys) values ('2026-11-30', 'salted-address', 1, 1)",
			),
		)
		const file = path.join(dir, 'salt.backup.gz')
		const written = await writeBackup(db, file)
		const content = zlib.gunzipSync(fs.readFileSync(file)).toString()
		expect(content).not.toContain('the-day-salt')
		expect(content).not.toContain('salted-address')
		expect(written.counts).toMatchObject({ analytics_salts: 0, analytics_address_caps: 0 })
		await restoreBackup(db, await readBackup(file))
		const salts = await db.execute(sql.raw('select * from analytics_salts'))
		expect((salts as unknown as { rows: unknown[] }).rows).toEqual([])
	})

	it('removes its .partial file when a backup fails', async () => {
		// A full disk: every write fails (ENOSPC).
		const file = path.join(dir, 'failed.backup.gz')
		fs.symlinkSync('/dev/full', `${file}.partial`)
		await expect(writeBackup(database.db, file)).rejects.toThrow()
		// The file stream opens on its own time: give it the chance to leave something behind.
		await new Promise((resolve) => setTimeout(resolve, 200))
		expect(fs.readdirSync(dir).filter((name) => name.startsWith('failed'))).toEqual([])
	})
})
