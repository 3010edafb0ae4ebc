import fs from 'node:fs'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { inArray, sql } from 'drizzle-orm'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { emailOutbox } from '~/.server/db/schema'
import { createLogger } from '~/.server/logger'
import { createTestDatabase, type TestDatabase } from '../../../tests/support/db'
import {
	backoffSeconds,
	claimDueEmails,
	enqueueEmail,
	MAX_ATTEMPTS,
	purgeDeliveredEmails,
} from './outbox'
import { createMailTransport } from './transport'
import { OutboxWorker } from './worker'

const logger = createLogger('silent')
const message = (n: number) => ({
	to: `c${n}@example.co.uk`,
	subject: `Order KP-${n}`,
	text: 'Hello',
	html: '<p>Hello</p>',
	kind: 'test',
})

let database: TestDatabase
beforeAll(async () => {
	database = await createTestDatabase()
})
afterAll(async () => {
	await database?.cleanup()
})

describe('email outbox', () => {
	it('writes one .eml file per email without SMTP, and marks them sent', async () => {
		const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-'))
		await enqueueEmail(database.db, message(1))
		const worker = new OutboxWorker(database.db, createMailTransport({ outboxDir: dir }), logger)
		expect(await worker.runOnce()).toBe(1)
		const files = fs.readdirSync(dir)
		expect(files).toHaveLength(1)
		const eml = fs.readFileSync(path.join(dir, files[0]!), 'utf8')
		expect(eml).toMatch(/^Subject: Order KP-1$/m)
		expect(eml).toMatch(/^To: c1@example\.co\.uk$/m)
		// Only the server's own user may read them: they hold addresses and reset links.
		expect(fs.statSync(path.join(dir, files[0]!)).mode & 0o777).toBe(0o600)
		expect(await worker.runOnce()).toBe(0)
	})

	it('delivers over SMTP to a real server', async () => {
		const received: string[] = []
		const smtp = new SMTPServer({
			authOptional: true,
			disabledCommands: ['STARTTLS'],
			onData(stream, _session, done) {
				let body = ''
				stream.on('data', (chunk) => {
					body += chunk
				})
				stream.on('end', () => {
					received.push(body)
					done()
				})
			},
		})
		await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
		const port = (smtp.server.address() as AddressInfo).port
		await enqueueEmail(database.db, message(2))
		const worker = new OutboxWorker(
			database.db,
			createMailTransport({
				smtpUrl: `smtp://127.0.0.1:${port}`,
				outboxDir: '/nonexistent',
			}),
			logger,
		)
		expect(await worker.runOnce()).toBe(1)
		await worker.stop()
		await new Promise<void>((resolve) => smtp.close(() => resolve()))
		expect(received).toHaveLength(1)
		expect(received[0]).toContain('Subject: Order KP-2')
	})

	it('retries a failed send later with backoff, and gives up after the last attempt', async () => {
		await database.db.delete(emailOutbox)
		await enqueueEmail(database.db, message(3))
		const failing = {
			send: async () => Promise.reject(new Error('connection refused')),
			close() {},
		}
		const worker = new OutboxWorker(database.db, failing, logger)
		expect(await worker.runOnce()).toBe(0)
		const [row] = await database.db.select().from(emailOutbox)
		expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'connection refused' })
		expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 50_000)
		expect(backoffSeconds(1)).toBe(60)
		expect(backoffSeconds(3)).toBe(240)
		expect(backoffSeconds(20)).toBe(7200)
		expect(MAX_ATTEMPTS).toBeGreaterThan(3)
	})

	it('never lets two workers claim the same email', async () => {
		await database.db.delete(emailOutbox)
		for (let i = 0; i < 30; i++) await enqueueEmail(database.db, message(100 + i))
		const claims = await Promise.all([
			claimDueEmails(database.db, 10),
			claimDueEmails(database.db, 10),
			claimDueEmails(database.db, 10),
			claimDueEmails(database.db, 10),
		])
		const ids = claims.flat().map((e) => e.id)
		expect(ids).toHaveLength(30)
		expect(new Set(ids).size).toBe(30)
	})

	it('purges delivered emails after the retention period, and nothing else', async () => {
		const old = await enqueueEmail(database.db, message(90))
		const recent = await enqueueEmail(database.db, message(91))
		const pending = await enqueueEmail(database.db, message(92))
		await database.db.execute(
			sql`update ${emailOutbox} set status = 'sent', sent_at = now() - interval '31 days' where id = ${old}`,
		)
		await database.db.execute(
			sql`update ${emailOutbox} set status = 'sent', sent_at = now() - interval '29 days' where id = ${recent}`,
		)
		await database.db.execute(
			sql`update ${emailOutbox} set created_at = now() - interval '60 days' where id = ${pending}`,
		)
		expect(await purgeDeliveredEmails(database.db, 30)).toEqual([old])
		const left = await database.db
			.select({ id: emailOutbox.id })
			.from(emailOutbox)
			.where(inArray(emailOutbox.id, [old, recent, pending]))
		expect(left.map((row) => row.id).sort()).toEqual([recent, pending].sort())
	})
})
