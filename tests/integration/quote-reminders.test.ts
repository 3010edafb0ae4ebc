import fs from 'node:fs'
import path from 'node:path'
import { eq, inArray, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { openDatabase } from '~/.server/db/client'
import { emailOutbox, jobs, orderEvents, orders, paymentLinks } from '~/.server/db/schema'
import { setDeliveryCost } from '~/.server/orders/actions/set-delivery-cost'
import { type OrderDeps, orderDeps } from '~/.server/orders/lifecycle/deps'
import { applyPayment } from '~/.server/orders/payments/apply-payment'
import { stopQuoteReminders } from '~/.server/orders/quotes/quote-follow-up'
import { sendDueReminders } from '~/.server/orders/quotes/quote-reminders'
import { insertOrder } from '../support/factories'
import { setUpShop } from '../support/shop'

/**
 * The scan that sends due quote reminders (decision 0019, follow-up): in chunks, once each, never
 * behind a member of staff's change, and written out only as the email leaves.
 */
const shop = setUpShop({ withAdmin: true })
const DAY = 86_400_000
const db = () => shop.app.database.db

function depsAt(start: number) {
	const clock = { at: start }
	return { clock, deps: { ...orderDeps(shop.app.runtime), now: () => new Date(clock.at) } }
}

async function quoted(deps: OrderDeps) {
	const order = await insertOrder(db())
	const result = await setDeliveryCost(
		deps,
		{
			orderId: order.id,
			actor: { kind: 'admin', id: shop.admin.id },
			expectedVersion: order.version,
		},
		{ deliveryCostPence: 4500, confirmReplace: true },
	)
	if (!result.ok) throw new Error(result.message)
	return result.order
}

const reminderRows = (ids: string[]) =>
	db()
		.select()
		.from(emailOutbox)
		.where(eq(emailOutbox.kind, 'quote-reminder'))
		.then((rows) => rows.filter((row) => ids.some((id) => row.subject.includes(id))))

describe('the due-reminder scan', () => {
	it('sends every due reminder once, a chunk at a time, and clears their due times', async () => {
		const start = Date.parse('2027-05-03T10:00:00Z')
		const { clock, deps } = depsAt(start)
		const quotes = await Promise.all(Array.from({ length: 5 }, () => quoted(deps)))
		const ids = quotes.map((order) => order.id)
		clock.at = start + 12 * DAY
		expect(await sendDueReminders(deps, 2)).toEqual({ sent: 5, skipped: 0 })
		expect(await sendDueReminders(deps, 2)).toEqual({ sent: 0, skipped: 0 })
		const rows = await reminderRows(ids)
		expect(rows.map((row) => ids.find((id) => row.subject.includes(id))).sort()).toEqual(
			[...ids].sort(),
		)
		const links = await db().select().from(paymentLinks).where(inArray(paymentLinks.orderId, ids))
		for (const link of links) {
			expect(link.remindersSent).toEqual(['before'])
			expect(link.remindBeforeAt).toBeNull()
		}
	})

	it('writes the reminder as it is sent, and drops it if the order was paid or reminders stopped meanwhile', async () => {
		const start = Date.parse('2027-06-07T10:00:00Z')
		const { clock, deps } = depsAt(start)
		const open = await quoted(deps)
		const settled = await quoted(deps)
		const stopped = await quoted(deps)
		clock.at = start + 12 * DAY
		await sendDueReminders(deps)
		const [queued] = await reminderRows([open.id])
		// Queued without a body (nothing to store twice), so its text comes from the order when sent.
		expect(queued?.text).toBe('')
		const paid = await applyPayment(deps, {
			linkId: settled.paymentLinkId!,
			amountPence: settled.totalCostPence!,
			provider: 'test',
			providerPaymentId: 'test_paid_after_reminder_queued',
		})
		expect(paid.ok).toBe(true)
		expect(await reminderRows([stopped.id])).toHaveLength(1)
		expect((await stopQuoteReminders(deps, { orderId: stopped.id })).ok).toBe(true)
		await shop.app.runtime.outbox.runOnce()
		expect(await reminderRows([settled.id, stopped.id])).toHaveLength(0)
		// The timeline, which said 'Reminder sent' when it was queued, says it did not go, and why.
		const notes = async (orderId: string) =>
			(await db().select().from(orderEvents).where(eq(orderEvents.orderId, orderId)))
				.map((event) => event.note)
				.filter((note) => note.startsWith('Reminder'))
		expect(await notes(settled.id)).toEqual([
			expect.stringMatching(/^Reminder sent: price held until /),
			'Reminder not sent: the order is paid now',
		])
		expect((await notes(stopped.id)).at(-1)).toBe(
			'Reminder not sent: the customer stopped reminders',
		)
		expect(await notes(open.id)).toEqual([expect.stringMatching(/^Reminder sent: /)])
		const [sent] = await reminderRows([open.id])
		expect(sent?.status).toBe('sent')
		// The file the outbox wrote for it (named by its id), quoted-printable line breaks undone.
		const file = fs.readdirSync(shop.app.outboxDir).find((name) => name.includes(sent!.id))
		const eml = fs.readFileSync(path.join(shop.app.outboxDir, file!), 'utf8').replace(/=\r?\n/g, '')
		expect(eml).toContain(`/pay/${open.paymentLinkId}/reminders`)
		expect(eml).toContain('is held until')
		expect(eml).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click')
		expect(eml).not.toContain('X-Shop-')
	})

	it.runIf(process.env.DATABASE_URL)(
		'leaves a quote staff are changing for the next wake-up, without waiting for it',
		async () => {
			const start = Date.parse('2027-07-05T10:00:00Z')
			const { clock, deps } = depsAt(start)
			const busy = await quoted(deps)
			const free = await quoted(deps)
			clock.at = start + 12 * DAY
			const staff = await openDatabase({ url: shop.app.database.url!, poolSize: 1 })
			try {
				let release = () => {}
				const held = new Promise<void>((resolve) => {
					release = resolve
				})
				let locked = () => {}
				const lockTaken = new Promise<void>((resolve) => {
					locked = resolve
				})
				const staffChange = staff.db.transaction(async (tx) => {
					await tx.select().from(orders).where(eq(orders.id, busy.id)).for('update')
					locked()
					await held
				})
				await lockTaken
				await sendDueReminders(deps)
				expect(await reminderRows([free.id])).toHaveLength(1)
				expect(await reminderRows([busy.id])).toHaveLength(0)
				release()
				await staffChange
				await sendDueReminders(deps)
				expect(await reminderRows([busy.id])).toHaveLength(1)
			} finally {
				await staff.close()
			}
		},
	)
})

describe('migration 0021', () => {
	it('turns reminder jobs queued before it into the links’ times and one wake-up per time', async () => {
		const start = Date.parse('2027-08-02T10:00:00Z')
		const { deps } = depsAt(start)
		const order = await quoted(deps)
		const linkId = order.paymentLinkId!
		const due = new Date(start + 12 * DAY)
		// As the version before it queued a reminder, and no time on the link.
		await db()
			.update(paymentLinks)
			.set({ remindBeforeAt: null, remindLastMorningAt: null })
			.where(eq(paymentLinks.id, linkId))
		await db()
			.delete(jobs)
			.where(eq(jobs.key, `quote-reminders:${due.toISOString()}`))
		await db()
			.insert(jobs)
			.values({
				key: `quote-reminder:${linkId}:before`,
				name: 'quote-reminder',
				runAt: due,
				payload: { orderId: order.id, linkId, kind: 'before' },
			})
		const migration = fs.readFileSync(path.resolve('drizzle/0021_quote_reminder_times.sql'), 'utf8')
		for (const statement of migration.split('--> statement-breakpoint').slice(3))
			await db().execute(sql.raw(statement))
		const [link] = await db().select().from(paymentLinks).where(eq(paymentLinks.id, linkId))
		expect(link?.remindBeforeAt?.toISOString()).toBe(due.toISOString())
		const queued = await db().select().from(jobs).where(eq(jobs.runAt, due))
		expect(queued.map((job) => [job.key, job.name])).toEqual([
			[`quote-reminders:${due.toISOString()}`, 'quote-reminders'],
		])
	})
})
