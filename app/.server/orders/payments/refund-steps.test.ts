import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { emailOutbox, orderDocuments, orderEvents, orders, refunds } from '~/.server/db/schema'
import type { PaymentProvider } from '~/.server/payments/provider'
import { createTestProvider } from '~/.server/payments/test-provider'
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/db'
import { insertOrder, payWithTestProvider } from '../../../../tests/support/factories'
import { cancelOrder } from '../actions/cancel-order'
import { refundPart } from '../actions/partial-refund'
import { resumeRefunds } from '../actions/refund-finish'
import type { ActionDeps } from '../lifecycle/deps'
import { REFUND_STEPS, type RefundStep, type StepDeps } from './refund-steps'

/**
 * The refund steps (issue 58 item 3, decision 0030): a process that dies between two steps leaves
 * the refund where it stopped, and resuming it — the resume job, or the same form sent again —
 * ends exactly as an unbroken run: one refund at the provider, one credit note, one change to the
 * order, one email. The provider is the real test provider, with its calls counted.
 */
let database: TestDatabase
let deps: ActionDeps
const calls: string[] = []
const admin = { kind: 'admin' as const, id: 'admin-user-1' }
const later = () => new Date(Date.now() + 5 * 60_000)

beforeAll(async () => {
	database = await createTestDatabase()
	const provider = createTestProvider('https://shop.example')
	const counted: PaymentProvider = {
		...provider,
		refund: async (payment) => {
			calls.push(payment.idempotencyKey)
			return provider.refund(payment)
		},
	}
	deps = { db: database.db, provider: counted, siteUrl: 'https://shop.example' }
})
afterAll(() => database?.cleanup())

class Crash extends Error {}
/** Deps whose process 'dies' once the named step has committed. */
const dyingAfter = (step: RefundStep): StepDeps => ({
	...deps,
	afterStep: (done) => {
		if (done === step) throw new Crash(`killed after ${step}`)
	},
})

async function paidOrder(email: string) {
	const order = await insertOrder(database.db, {
		status: 'payment_pending',
		deliveryInfo: { email },
	})
	await payWithTestProvider(deps, order)
	return order
}

const rowsOf = async (orderId: string) => {
	const db = database.db
	const [order] = await db.select().from(orders).where(eq(orders.id, orderId))
	return {
		order: order!,
		refunds: await db.select().from(refunds).where(eq(refunds.orderId, orderId)),
		creditNotes: (
			await db.select().from(orderDocuments).where(eq(orderDocuments.orderId, orderId))
		).filter((d) => d.kind === 'credit_note'),
		events: await db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)),
	}
}
const emailsTo = async (to: string, kind: string) =>
	(await database.db.select().from(emailOutbox).where(eq(emailOutbox.to, to))).filter(
		(e) => e.kind === kind,
	)

describe('refund steps killed between steps', () => {
	it('are the three named steps, in order', () => {
		expect(REFUND_STEPS).toEqual(['reserve', 'take', 'record'])
	})

	it.each(['reserve', 'take'] as const)(
		'cancel with refund, killed after %s, is finished once by the resume job',
		async (step) => {
			const email = `cancel-${step}@example.co.uk`
			const order = await paidOrder(email)
			calls.length = 0
			await expect(
				cancelOrder(dyingAfter(step), { orderId: order.id, actor: admin }),
			).rejects.toThrow(Crash)
			const stopped = await rowsOf(order.id)
			expect(stopped.order.status).toBe('paid')
			expect(stopped.refunds.map((r) => r.step)).toEqual([
				step === 'reserve' ? 'reserved' : 'taken',
			])
			expect(stopped.creditNotes).toEqual([])
			expect(calls).toHaveLength(step === 'reserve' ? 0 : 1)

			// A minute on, the resume job takes it from where it stopped; run twice, it does nothing more.
			expect(await resumeRefunds(deps, undefined, later())).toEqual({ found: 1, finished: 1 })
			expect(await resumeRefunds(deps, undefined, later())).toEqual({ found: 0, finished: 0 })
			const done = await rowsOf(order.id)
			expect(done.order.status).toBe('cancelled')
			expect(done.refunds).toEqual([
				expect.objectContaining({ step: 'recorded', amountPence: order.totalCostPence }),
			])
			expect(done.refunds[0]!.providerRefundId).toMatch(/^test_refund_/)
			expect(done.creditNotes).toHaveLength(1)
			expect(done.events.filter((e) => e.toStatus === 'cancelled')).toHaveLength(1)
			expect(await emailsTo(email, 'order-refunded')).toHaveLength(1)
			// The provider was asked under one key only: at most one refund there.
			expect(new Set(calls).size).toBe(1)
		},
	)

	it('a partial refund killed after the provider refunded is finished by the same form sent again', async () => {
		const email = 'part@example.co.uk'
		const order = await paidOrder(email)
		calls.length = 0
		const form = { amountPence: 1_000, reason: 'Goodwill', refundKey: 'refund-1-form' }
		const target = { orderId: order.id, actor: admin }
		await expect(refundPart(dyingAfter('take'), target, form)).rejects.toThrow(Crash)
		// Meanwhile the reservation holds: nobody can refund more than is left.
		const tooMuch = await refundPart(deps, target, {
			amountPence: order.totalCostPence! - 999,
			reason: 'Too much',
			refundKey: 'refund-2-form',
		})
		expect(tooMuch).toMatchObject({ ok: false })
		expect(tooMuch.ok ? '' : tooMuch.message).toContain('at most')

		expect(await refundPart(deps, target, form)).toMatchObject({ ok: true, tone: 'success' })
		expect(await refundPart(deps, target, form)).toMatchObject({ ok: true, tone: 'warning' })
		expect(await resumeRefunds(deps, undefined, later())).toEqual({ found: 0, finished: 0 })
		const done = await rowsOf(order.id)
		expect(done.order.status).toBe('paid')
		expect(done.refunds.map((r) => [r.step, r.amountPence])).toEqual([['recorded', 1_000]])
		expect(done.creditNotes).toHaveLength(1)
		expect(await emailsTo(email, 'order-refund')).toHaveLength(1)
		// Taken before the crash: finishing it never asks the provider again.
		expect(calls).toHaveLength(1)
	})

	it('a refund the provider refuses on resuming is dropped, with a note for staff', async () => {
		const order = await paidOrder('refused@example.co.uk')
		const target = { orderId: order.id, actor: admin }
		const form = { amountPence: 500, reason: 'Goodwill', refundKey: 'refund-1-refused' }
		await expect(refundPart(dyingAfter('reserve'), target, form)).rejects.toThrow(Crash)
		const refusing: ActionDeps = {
			...deps,
			provider: {
				...deps.provider,
				refund: async () => {
					throw new Error('No such payment')
				},
			},
		}
		expect(await resumeRefunds(refusing, undefined, later())).toEqual({ found: 1, finished: 0 })
		const done = await rowsOf(order.id)
		expect(done.refunds).toEqual([])
		expect(done.events.at(-1)!.note).toContain(
			'A refund of £5.00 (Goodwill) stopped part-way and could not be finished',
		)
	})
})
