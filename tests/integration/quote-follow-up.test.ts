import { and, eq, inArray, like } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { type Database, openDatabase } from '~/.server/db/client'
import { emailOutbox, jobs, orderEvents, orders, paymentLinks } from '~/.server/db/schema'
import { saveDeliverySettings } from '~/.server/delivery/settings'
import { Scheduler } from '~/.server/jobs/scheduler'
import { createLogger } from '~/.server/logger'
import { setDeliveryCost } from '~/.server/orders/actions/set-delivery-cost'
import { type OrderDeps, orderDeps } from '~/.server/orders/lifecycle/deps'
import { applyPayment } from '~/.server/orders/payments/apply-payment'
import { writeQueuedReminder } from '~/.server/orders/quotes/quote-reminders'
import { shopJobs } from '~/.server/wiring/shop-jobs'
import { DEFAULT_DELIVERY_SETTINGS } from '~/lib/delivery/zones'
import { insertOrder } from '../support/factories'
import { pageText, setUpShop } from '../support/shop'

/**
 * Issue 31 items 3 and 4: a quote's reminders and expiry, run by the job scheduler on a clock the
 * test moves, and the customer's side of it on /pay.
 */
const shop = setUpShop({ withAdmin: true })
const DAY = 86_400_000
const db = () => shop.app.database.db

function follow(start: number, database: Database['db'] = db()) {
	const clock = { at: start }
	const now = () => new Date(clock.at)
	const deps = { ...orderDeps(shop.app.runtime), now }
	const jobsOf = shopJobs({
		...shop.app.runtime,
		database: { ...shop.app.database, db: database },
		orderDeps: deps,
	})
	const scheduler = new Scheduler({ ...jobsOf, db: database, logger: createLogger('silent'), now })
	return { clock, deps, scheduler }
}

async function quote(deps: OrderDeps, orderId: string, cost = 4500) {
	const [order] = await db().select().from(orders).where(eq(orders.id, orderId))
	const result = await setDeliveryCost(
		deps,
		{ orderId, actor: { kind: 'admin', id: shop.admin.id }, expectedVersion: order!.version },
		{ deliveryCostPence: cost, confirmReplace: true },
	)
	expect(result.ok).toBe(true)
	const [quoted] = await db().select().from(orders).where(eq(orders.id, orderId))
	return quoted!
}

/**
 * The order's queued emails of a kind, as the customer gets them (a reminder is written out as it
 * is sent; null for one that no longer applies, which the worker would drop).
 */
async function emails(orderId: string, kind: string) {
	const queued = await db().select().from(emailOutbox).where(eq(emailOutbox.kind, kind))
	return Promise.all(
		queued
			.filter((row) => row.subject.includes(orderId))
			.map((row) => writeQueuedReminder(db(), shop.app.runtime.env.SITE_URL, row)),
	)
}

describe('quote reminders', () => {
	it('reminds once, 48 hours before the price ends, with the pay link and a way to stop', async () => {
		const start = Date.parse('2027-01-04T10:00:00Z')
		const { clock, deps, scheduler } = follow(start)
		const order = await insertOrder(db())
		const quoted = await quote(deps, order.id)
		expect(quoted.quoteExpiresAt?.toISOString()).toBe('2027-01-18T10:00:00.000Z')
		clock.at = Date.parse('2027-01-16T09:59:59Z')
		await scheduler.runDue()
		expect(await emails(order.id, 'quote-reminder')).toHaveLength(0)
		clock.at = Date.parse('2027-01-16T10:00:00Z')
		await scheduler.runDue()
		await scheduler.runDue()
		const [reminder, ...more] = await emails(order.id, 'quote-reminder')
		expect(more).toHaveLength(0)
		expect(reminder!.text).toContain(`/pay/${quoted.paymentLinkId}`)
		expect(reminder!.text).toContain(`/pay/${quoted.paymentLinkId}/reminders`)
		expect(reminder!.text).toContain('held until 18 Jan 2027, 10:00')
		expect(reminder!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')
		const notes = await db().select().from(orderEvents).where(eq(orderEvents.orderId, order.id))
		expect(notes.map((n) => n.note)).toContain('Reminder sent: price held until 18 Jan 2027, 10:00')
	})

	it('switches the link off at exactly the held-until moment, not a poll later', async () => {
		const start = Date.parse('2027-01-11T10:00:00Z')
		const { clock, deps, scheduler } = follow(start)
		const order = await insertOrder(db())
		const quoted = await quote(deps, order.id)
		clock.at = quoted.quoteExpiresAt!.getTime()
		await scheduler.runDue()
		const [link] = await db()
			.select()
			.from(paymentLinks)
			.where(eq(paymentLinks.id, quoted.paymentLinkId!))
		expect(link?.status).toBe('deactivated')
	})

	it('sends nothing for a quote that was re-priced, paid or whose reminders were stopped', async () => {
		const start = Date.parse('2027-02-01T10:00:00Z')
		const { clock, deps, scheduler } = follow(start)
		const requoted = await insertOrder(db())
		const first = await quote(deps, requoted.id, 4500)
		clock.at = start + DAY
		const second = await quote(deps, requoted.id, 3900)
		expect(second.paymentLinkId).not.toBe(first.paymentLinkId)
		const paid = await insertOrder(db())
		const paidQuote = await quote(deps, paid.id)
		expect(
			(
				await applyPayment(deps, {
					linkId: paidQuote.paymentLinkId!,
					amountPence: paidQuote.totalCostPence!,
					provider: 'test',
					providerPaymentId: 'test_paid_before_reminder',
				})
			).ok,
		).toBe(true)
		const stopped = await insertOrder(db())
		const stoppedQuote = await quote(deps, stopped.id)
		const stop = await shop.app.request(`/pay/${stoppedQuote.paymentLinkId}/reminders`, {
			method: 'POST',
			headers: { 'content-type': 'application/x-www-form-urlencoded' },
			body: 'List-Unsubscribe=One-Click',
		})
		expect(stop.status).toBe(200)
		expect(await pageText(stop)).toContain('Reminders stopped')
		// Past every reminder time (but before the prices end).
		clock.at = start + 13 * DAY
		await scheduler.runDue()
		const reminded = await emails(requoted.id, 'quote-reminder')
		expect(reminded).toHaveLength(1)
		expect(reminded[0]!.text).toContain(`/pay/${second.paymentLinkId}`)
		expect(await emails(paid.id, 'quote-reminder')).toHaveLength(0)
		expect(await emails(stopped.id, 'quote-reminder')).toHaveLength(0)
		// All were due together, so one scan took them: the timeline note only where one was sent.
		const notes = await db()
			.select()
			.from(orderEvents)
			.where(
				and(
					like(orderEvents.note, 'Reminder sent%'),
					inArray(orderEvents.orderId, [requoted.id, paid.id, stopped.id]),
				),
			)
		expect(notes.map((event) => event.orderId)).toEqual([requoted.id])
	})

	it('adds a last-morning reminder when chosen, and none for a quote sent too late for it', async () => {
		await saveDeliverySettings(db(), shop.admin.id, {
			...DEFAULT_DELIVERY_SETTINGS,
			quoteValidDays: 2,
			lastMorningReminder: true,
		})
		try {
			// Sent at 15:00 on a Monday: held until 15:00 on Wednesday; 48 h before is 'now'.
			const start = Date.parse('2027-03-01T15:00:00Z')
			const { clock, deps, scheduler } = follow(start)
			const order = await insertOrder(db())
			await quote(deps, order.id)
			clock.at = Date.parse('2027-03-03T08:59:00Z')
			await scheduler.runDue()
			expect(await emails(order.id, 'quote-reminder')).toHaveLength(0)
			clock.at = Date.parse('2027-03-03T09:00:00Z')
			await scheduler.runDue()
			const [lastDay] = await emails(order.id, 'quote-reminder')
			expect(lastDay?.subject).toContain('Last day to pay at the quoted price')
		} finally {
			await saveDeliverySettings(db(), shop.admin.id, DEFAULT_DELIVERY_SETTINGS)
		}
	})

	it('never sends the same reminder twice from two instances running at once', async () => {
		const start = Date.parse('2027-04-05T10:00:00Z')
		const second = shop.app.database.url
			? await openDatabase({ url: shop.app.database.url, poolSize: 3 })
			: undefined
		try {
			const a = follow(start)
			const b = follow(start, second?.db ?? db())
			const ids: string[] = []
			for (let i = 0; i < 5; i++) {
				const order = await insertOrder(db())
				await quote(a.deps, order.id)
				ids.push(order.id)
			}
			a.clock.at = b.clock.at = start + 12 * DAY
			await Promise.all([a.scheduler.runDue(), b.scheduler.runDue()])
			for (const id of ids) expect(await emails(id, 'quote-reminder')).toHaveLength(1)
		} finally {
			await second?.close()
		}
	})
})

describe('quote expiry', () => {
	it('switches the link off at the held-until moment; the customer asks for a new quote in one click', async () => {
		// Quoted 15 days ago, so the price ended yesterday by the real clock the pages use.
		const { clock, deps, scheduler } = follow(Date.now() - 15 * DAY)
		const order = await insertOrder(db())
		const quoted = await quote(deps, order.id)
		clock.at = Date.now()
		await scheduler.runDue()
		const [link] = await db()
			.select()
			.from(paymentLinks)
			.where(eq(paymentLinks.id, quoted.paymentLinkId!))
		expect(link?.status).toBe('deactivated')
		const [expired] = await emails(order.id, 'quote-expired')
		expect(expired?.text).toContain(`/pay/${quoted.paymentLinkId}`)
		const [job] = await db()
			.select()
			.from(jobs)
			.where(eq(jobs.key, `quote-expiry:${quoted.paymentLinkId}`))
		expect(job?.status).toBe('done')

		const page = await shop.app.request(`/pay/${quoted.paymentLinkId}`)
		const text = await pageText(page)
		expect(text).toContain('This quote has expired')
		expect(text).toContain('Ask for a new quote')
		const asked = await shop.app.request(`/pay/${quoted.paymentLinkId}`, {
			method: 'POST',
			headers: { 'content-type': 'application/x-www-form-urlencoded', origin: shop.app.url },
			body: 'intent=new-quote',
		})
		expect(asked.status).toBe(302)
		const [back] = await db().select().from(orders).where(eq(orders.id, order.id))
		expect(back).toMatchObject({
			status: 'pending',
			totalCostPence: null,
			paymentLinkActive: false,
		})
		expect(await emails(order.id, 'new-quote-requested')).toHaveLength(1)
		expect(await emails(order.id, 'new-quote-acknowledged')).toHaveLength(1)
		expect(await pageText(await shop.app.request(`/pay/${quoted.paymentLinkId}`))).toContain(
			'A new quote is on its way',
		)
		// Asking again changes nothing; staff quote again and the new link is payable.
		await shop.app.request(`/pay/${quoted.paymentLinkId}`, {
			method: 'POST',
			headers: { 'content-type': 'application/x-www-form-urlencoded', origin: shop.app.url },
			body: 'intent=new-quote',
		})
		expect(await emails(order.id, 'new-quote-requested')).toHaveLength(1)
		const requoted = await quote(orderDeps(shop.app.runtime), order.id, 3900)
		expect(await pageText(await shop.app.request(`/pay/${requoted.paymentLinkId}`))).toContain(
			'Pay £',
		)
	})
})
