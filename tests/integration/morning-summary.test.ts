import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { emailOutbox, enquiries, jobs, orders } from '~/.server/db/schema'
import { STAFF_INBOX } from '~/.server/email/business-mail'
import { claimDueJobs } from '~/.server/jobs/queue'
import { Scheduler } from '~/.server/jobs/scheduler'
import { createLogger } from '~/.server/logger'
import { orderDeps } from '~/.server/orders/lifecycle/deps'
import { runSummaryJob } from '~/.server/orders/pages/morning-summary'
import { shopJobs } from '~/.server/wiring/shop-jobs'
import { insertOrder } from '../support/factories'
import { pageText, setUpShop } from '../support/shop'

/**
 * Issue 31 items 5 and 6: requests waiting too long are flagged, and the owner's morning summary
 * goes once a day at 07:30 UK time with what needs doing, and not at all on a day with nothing.
 */
const shop = setUpShop({ withAdmin: true })
const db = () => shop.app.database.db
const summaries = async () =>
	(await db().select().from(emailOutbox).where(eq(emailOutbox.kind, 'morning-summary'))).sort(
		(a, b) => a.createdAt.getTime() - b.createdAt.getTime(),
	)

async function scheduled(start: string, { keepJobs = false } = {}) {
	// Each test starts its own calendar: the jobs planned for another test's dates go.
	if (!keepJobs) await db().delete(jobs)
	const clock = { at: Date.parse(start) }
	const now = () => new Date(clock.at)
	const planned = shopJobs({
		...shop.app.runtime,
		orderDeps: { ...orderDeps(shop.app.runtime), now },
	})
	const scheduler = new Scheduler({ ...planned, db: db(), logger: createLogger('silent'), now })
	/** Moves the clock in quarter-hour steps, as a running server would pass through the days. */
	const runUntil = async (end: string) => {
		while (clock.at < Date.parse(end)) {
			clock.at += 15 * 60_000
			await scheduler.runDue()
		}
	}
	return { clock, scheduler, runUntil }
}

describe('the morning summary', () => {
	it('sends nothing on a day with nothing in it', async () => {
		const { scheduler, runUntil } = await scheduled('2026-11-23T06:00:00Z')
		await scheduler.register()
		await runUntil('2026-11-23T12:00:00Z')
		expect(await summaries()).toHaveLength(0)
	})

	it('arrives once a day at 07:30 UK time through the clock change, with the right counts', async () => {
		// Saturday 24 Oct 2026, 06:00 UTC (07:00 BST); the clocks go back early on Sunday.
		const { scheduler, runUntil } = await scheduled('2026-10-24T06:00:00Z')
		const waiting = await insertOrder(db(), { createdAt: new Date('2026-10-20T10:00:00Z') })
		await insertOrder(db(), { status: 'paid', createdAt: new Date('2026-10-22T10:00:00Z') })
		await db().insert(enquiries).values({
			id: 'EN-SUMMARY1',
			name: 'Iain Ross',
			email: 'iain@example.co.uk',
			phone: '',
			topic: 'pond',
			message: 'Could you build a wildlife pond?',
		})
		await scheduler.register()
		await runUntil('2026-10-27T12:00:00Z')
		const sent = await summaries()
		// Saturday 06:30 UTC (07:30 BST), then 07:30 UTC (GMT) on Sunday, Monday and Tuesday.
		expect(sent).toHaveLength(4)
		const runs = await db().select().from(jobs).where(eq(jobs.name, 'morning-summary'))
		expect(runs.map((r) => r.runAt.toISOString()).sort()).toEqual([
			'2026-10-24T06:30:00.000Z',
			'2026-10-25T07:30:00.000Z',
			'2026-10-26T07:30:00.000Z',
			'2026-10-27T07:30:00.000Z',
		])
		expect(runs.every((r) => r.status === 'done' && r.attempts === 1)).toBe(true)
		const first = sent[0]!
		expect(first.to).toBe(STAFF_INBOX)
		expect(first.subject).toBe(
			'Morning summary for 24 Oct 2026: 1 request to quote, 1 order to dispatch',
		)
		expect(first.text).toContain('Waiting for a delivery cost (1 overdue)  1')
		expect(first.text).toContain(`${waiting.id} · Morag Mackenzie · OVERDUE`)
		expect(first.text).toContain('Open enquiries  1')
		expect(first.text).toContain('/auth?redirectTo=/admin')
	})

	it('sends one summary a UK day when the shop was down across either clock change (issue 57 item 4)', async () => {
		for (const { planned, back, until, days } of [
			{
				// Planned on Saturday 24 Oct at 21:00 BST for Sunday; down until Saturday 31 Oct.
				planned: '2026-10-24T20:00:00Z',
				back: '2026-10-31T09:00:00Z',
				until: '2026-11-01T12:00:00Z',
				days: ['31 Oct 2026', '1 Nov 2026'],
			},
			{
				// Planned on Saturday 28 Mar at 21:00 GMT for Sunday; down until Monday 30 Mar, 09:00 BST.
				planned: '2026-03-28T21:00:00Z',
				back: '2026-03-30T08:00:00Z',
				until: '2026-03-31T12:00:00Z',
				days: ['30 Mar 2026', '31 Mar 2026'],
			},
		]) {
			await db().delete(emailOutbox)
			const { scheduler, runUntil } = await scheduled(planned)
			await insertOrder(db(), { createdAt: new Date(Date.parse(planned) - 86_400_000) })
			await scheduler.register()
			await runUntil(new Date(Date.parse(planned) + 30 * 60_000).toISOString())
			// Started again later: a new process on the same rows, stopped and started once more.
			const again = await scheduled(back, { keepJobs: true })
			await again.scheduler.register()
			await again.scheduler.runDue()
			await again.scheduler.register()
			await again.runUntil(until)
			const subjects = (await summaries()).map((m) => /for (\d+ \w+ \d{4})/.exec(m.subject)![1])
			expect(subjects).toEqual(days)
		}
	})

	it('sends a summary once when a second instance takes the job over after a lost lease', async () => {
		await db().delete(emailOutbox)
		const { scheduler, runUntil, clock } = await scheduled('2026-11-23T06:00:00Z')
		await insertOrder(db(), { createdAt: new Date('2026-11-22T10:00:00Z') })
		await scheduler.register()
		await runUntil('2026-11-23T07:15:00Z')
		// An instance claims the 07:30 summary and stalls past its lease; another takes it over.
		clock.at = Date.parse('2026-11-23T07:30:00Z')
		const claimed = (await claimDueJobs(db(), new Date(clock.at), 60_000, 10)).find(
			(j) => j.name === 'morning-summary',
		)!
		clock.at += 5 * 60_000
		await scheduler.runDue()
		expect(await summaries()).toHaveLength(1)
		const stalled = await runSummaryJob(
			{ db: db(), siteUrl: shop.app.url },
			claimed,
			new Date(clock.at),
		)
		expect(stalled.sent).toBe(false)
		expect(await summaries()).toHaveLength(1)
	})

	it('flags an overdue request and an expired quote on the dashboard, and sends a preview on request', async () => {
		const old = await insertOrder(db(), { createdAt: new Date(Date.now() - 10 * 86_400_000) })
		const fresh = await insertOrder(db())
		const expired = await insertOrder(db(), { status: 'payment_pending' })
		await db()
			.update(orders)
			.set({ quoteExpiresAt: new Date(Date.now() - 60_000) })
			.where(eq(orders.id, expired.id))
		const page = await pageText(await shop.admin.client.request('/admin'))
		const row = (id: string) => page.slice(page.indexOf(`data-order-id="${id}"`)).slice(0, 1500)
		expect(row(old.id)).toMatch(/Waiting \d+(\.\d)? working days/)
		expect(row(fresh.id)).not.toContain('data-alert')
		expect(row(expired.id)).toContain('Quote expired')
		const before = (await summaries()).length
		const sent = await shop.admin.client.post('/admin/jobs', { intent: 'send-summary' })
		expect(await pageText(sent)).toContain('The summary is on its way')
		expect(await summaries()).toHaveLength(before + 1)
	})
})
