import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { emailOutbox, orderEvents, orders, paymentLinks } from '~/.server/db/schema'
import { STAFF_INBOX } from '~/.server/email/business-mail'
import { applyPayment, LINK_NOT_ACTIVE } from '~/.server/orders/payments/apply-payment'
import { PaymentLinkError } from '~/.server/payments/provider'
import { createTestProvider, newTestPaymentId } from '~/.server/payments/test-provider'
import { canTransition, TRANSITIONS } from '~/lib/order-status'
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/db'
import { insertOrder, payWithTestProvider } from '../../../../tests/support/factories'
import type { OrderDeps } from '../lifecycle/deps'
import { STALE_VERSION_MESSAGE } from '../lifecycle/lifecycle'
import {
	deactivatePaymentLink,
	MESSAGES,
	markDelivered,
	markPaid,
	markShipped,
} from './admin-actions'
import { cancelOrder, uncancelOrder } from './cancel-order'
import { setDeliveryCost } from './set-delivery-cost'

let database: TestDatabase
let deps: Omit<OrderDeps, 'catalog'>
const admin = { kind: 'admin' as const, id: 'admin-user-1' }

beforeAll(async () => {
	database = await createTestDatabase()
	const siteUrl = 'https://shop.example'
	deps = { db: database.db, provider: createTestProvider(siteUrl), siteUrl }
})
afterAll(() => database?.cleanup())

const emailsTo = async (to: string) =>
	database.db.select().from(emailOutbox).where(eq(emailOutbox.to, to))
const events = async (orderId: string) =>
	database.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId))
const linksOf = async (orderId: string) =>
	database.db.select().from(paymentLinks).where(eq(paymentLinks.orderId, orderId))

describe('order lifecycle rules', () => {
	it('only lets the payment provider or an admin mark an order paid, and nobody skip to delivered', () => {
		expect(canTransition('payment_pending', 'paid', 'provider')).toBe(true)
		expect(canTransition('payment_pending', 'paid', 'customer')).toBe(false)
		expect(canTransition('pending', 'delivered', 'admin')).toBe(false)
		expect(canTransition('paid', 'cancelled', 'admin')).toBe(true) // only with a full refund
		expect(canTransition('shipped', 'cancelled', 'admin')).toBe(false)
		// Every status but delivered and cancelled has a way forward.
		for (const from of ['pending', 'delivery_confirmed', 'payment_pending', 'paid', 'shipped'])
			expect(TRANSITIONS.some((t) => t.from === from && t.to !== from)).toBe(true)
	})
})

describe('setting the delivery cost', () => {
	it('moves a pending order to payment_pending with total = subtotal + delivery, one link and a quote email', async () => {
		const email = 'quote@example.co.uk'
		const order = await insertOrder(database.db, { deliveryInfo: { email } })
		const result = await setDeliveryCost(
			deps,
			{ orderId: order.id, actor: admin, expectedVersion: order.version },
			{ deliveryCostPence: 1_250, adminNotes: 'Pallet, tail lift', confirmReplace: false },
		)
		expect(result).toMatchObject({ ok: true, message: MESSAGES.costSet })
		const [row] = await database.db.select().from(orders).where(eq(orders.id, order.id))
		expect(row).toMatchObject({
			status: 'payment_pending',
			deliveryCostPence: 1_250,
			totalCostPence: order.subtotalPence + 1_250,
			adminNotes: 'Pallet, tail lift',
			paymentLinkActive: true,
			version: order.version + 1,
		})
		expect(row!.paymentLink).toBe(`https://shop.example/pay/${row!.paymentLinkId}`)
		expect(await linksOf(order.id)).toHaveLength(1)
		const [quote] = await emailsTo(email)
		expect(quote!.subject).toContain(order.id)
		expect(quote!.text).toContain(row!.paymentLink!)
		expect(quote!.text).toContain('£262.49')
		const [, event] = await events(order.id)
		expect(event).toMatchObject({
			actor: 'admin-user-1',
			fromStatus: 'pending',
			toStatus: 'payment_pending',
		})
	})

	it('asks for confirmation before replacing an active link, then revokes the old one', async () => {
		const order = await insertOrder(database.db, { status: 'payment_pending' })
		const target = { orderId: order.id, actor: admin, expectedVersion: order.version }
		const unconfirmed = await setDeliveryCost(deps, target, {
			deliveryCostPence: 999,
			confirmReplace: false,
		})
		expect(unconfirmed).toMatchObject({ ok: false, code: 'needs_confirmation' })
		const confirmed = await setDeliveryCost(deps, target, {
			deliveryCostPence: 999,
			confirmReplace: true,
		})
		expect(confirmed).toMatchObject({ ok: true, message: MESSAGES.costUpdated })
		const links = await linksOf(order.id)
		expect(links.map((l) => l.status).sort()).toEqual(['active', 'deactivated'])
		expect(links.find((l) => l.status === 'deactivated')!.id).toBe(order.paymentLinkId)
	})

	it('keeps the cost in delivery_confirmed when the link cannot be created, and a retry sends it', async () => {
		const order = await insertOrder(database.db)
		// The provider is down (as Stripe can be): its createLink fails; the shop's rules pass.
		const unavailable = () => Promise.reject(new PaymentLinkError('The provider is unavailable.'))
		const down = { ...deps, provider: { ...deps.provider, createLink: unavailable } }
		const failed = await setDeliveryCost(
			down,
			{ orderId: order.id, actor: admin, expectedVersion: order.version },
			{ deliveryCostPence: 2_000, confirmReplace: false },
		)
		expect(failed).toMatchObject({ ok: true, tone: 'warning', message: MESSAGES.linkFailed })
		const [row] = await database.db.select().from(orders).where(eq(orders.id, order.id))
		expect(row).toMatchObject({ status: 'delivery_confirmed', paymentLinkActive: false })
		const retry = await setDeliveryCost(
			deps,
			{ orderId: order.id, actor: admin, expectedVersion: row!.version },
			{ deliveryCostPence: 2_000, confirmReplace: false },
		)
		expect(retry).toMatchObject({ ok: true, message: MESSAGES.costSet })
	})

	it('refuses a stale version from a second admin, but answers a double submit with the one link', async () => {
		const order = await insertOrder(database.db)
		const target = { orderId: order.id, actor: admin, expectedVersion: order.version }
		const input = { deliveryCostPence: 3_000, confirmReplace: false }
		const [first, second] = await Promise.all([
			setDeliveryCost(deps, target, input),
			setDeliveryCost(deps, target, input),
		])
		expect(first.ok && second.ok).toBe(true)
		expect(await linksOf(order.id)).toHaveLength(1)
		const other = await setDeliveryCost(deps, target, {
			deliveryCostPence: 5_000,
			confirmReplace: true,
		})
		expect(other).toMatchObject({ ok: false, status: 'ABORTED', message: STALE_VERSION_MESSAGE })
	})

	it('refuses cancelled and paid orders with a clear message', async () => {
		for (const status of ['cancelled', 'paid'] as const) {
			const order = await insertOrder(database.db, { status })
			const result = await setDeliveryCost(
				deps,
				{ orderId: order.id, actor: admin, expectedVersion: order.version },
				{ deliveryCostPence: 100, confirmReplace: true },
			)
			expect(result.ok).toBe(false)
			expect(result.ok ? '' : result.message).toMatch(/cancelled|paid/)
		}
	})
})

describe('cancelling and uncancelling', () => {
	it('cancels with the note appended and the link revoked, and uncancels to payment_pending with a fresh link', async () => {
		const order = await insertOrder(database.db, { status: 'payment_pending' })
		const cancelled = await cancelOrder(deps, {
			orderId: order.id,
			actor: admin,
			expectedVersion: order.version,
		})
		expect(cancelled).toMatchObject({ ok: true, message: MESSAGES.cancelledWithLink })
		if (!cancelled.ok) return
		expect(cancelled.order).toMatchObject({
			status: 'cancelled',
			adminNotes: 'Order cancelled by admin.',
			paymentLink: null,
			paymentLinkId: null,
			paymentLinkActive: false,
		})
		const back = await uncancelOrder(deps, {
			orderId: order.id,
			actor: admin,
			expectedVersion: cancelled.order.version,
		})
		expect(back).toMatchObject({
			ok: true,
			message: 'Order has been uncancelled and set to payment_pending',
		})
		if (!back.ok) return
		expect(back.order.adminNotes).toBe('Order cancelled by admin.\nOrder uncancelled by admin.')
		expect(back.order.paymentLinkId).not.toBe(order.paymentLinkId)
	})

	it('uncancels an order without a cost to pending, and will not cancel an order paid outside the shop', async () => {
		const order = await insertOrder(database.db, { status: 'cancelled' })
		const back = await uncancelOrder(deps, { orderId: order.id, actor: admin })
		expect(back).toMatchObject({
			ok: true,
			message: 'Order has been uncancelled and set to pending',
		})
		const paid = await insertOrder(database.db, { status: 'paid' })
		const refused = await cancelOrder(deps, { orderId: paid.id, actor: admin })
		expect(refused).toMatchObject({ ok: false })
		expect(refused.ok ? '' : refused.message).toContain('refund')
	})

	it('cancels a card-paid order by refunding it in full through the provider, and emails the customer', async () => {
		const email = 'refund@example.co.uk'
		const order = await insertOrder(database.db, {
			status: 'payment_pending',
			deliveryInfo: { email },
		})
		await payWithTestProvider(deps, order)
		const result = await cancelOrder(deps, { orderId: order.id, actor: admin })
		expect(result).toMatchObject({ ok: true, message: MESSAGES.cancelledRefunded })
		if (!result.ok) return
		expect(result.order.status).toBe('cancelled')
		const last = (await events(order.id)).at(-1)!
		expect(last).toMatchObject({ fromStatus: 'paid', toStatus: 'cancelled' })
		expect(last.note).toMatch(/^Cancelled; refunded £\d[\d,]*\.\d\d in full \(test_refund_/)
		expect((await linksOf(order.id))[0]!.status).toBe('refunded')
		const refundEmail = (await emailsTo(email)).find((e) => e.kind === 'order-refunded')!
		expect(refundEmail.subject).toBe(
			`Your order has been cancelled and refunded — order ${order.id}`,
		)
		expect(refundEmail.text).toContain('refunded your payment of £')
		expect(refundEmail.html).toContain(order.id)
		// Cancelled now: a second cancel refunds nothing.
		expect(await cancelOrder(deps, { orderId: order.id, actor: admin })).toMatchObject({
			ok: false,
		})
	})
})

describe('payment and fulfilment', () => {
	it('applies a payment once, emails customer and business, then ships and delivers in order', async () => {
		const email = 'payer@example.co.uk'
		const order = await insertOrder(database.db, {
			status: 'payment_pending',
			deliveryInfo: { email },
		})
		const payment = {
			linkId: order.paymentLinkId!,
			amountPence: order.totalCostPence!,
			provider: 'test',
			providerPaymentId: newTestPaymentId(),
		}
		expect((await applyPayment(deps, payment)).ok).toBe(true)
		expect(await applyPayment(deps, payment)).toMatchObject({ ok: false, code: 'already_applied' })
		expect(
			await applyPayment(deps, { ...payment, providerPaymentId: newTestPaymentId() }),
		).toMatchObject({ ok: false, message: LINK_NOT_ACTIVE })
		expect((await emailsTo(email)).map((e) => e.kind)).toEqual(['order-paid'])
		expect((await emailsTo(STAFF_INBOX)).some((e) => e.subject.includes(order.id))).toBe(true)

		const early = await markDelivered(deps, { orderId: order.id, actor: admin })
		expect(early).toMatchObject({
			ok: false,
			message: expect.stringContaining('cannot be marked as delivered'),
		})
		const shipped = await markShipped(
			deps,
			{ orderId: order.id, actor: admin },
			{ carrier: 'DPD', trackingReference: '1550 1234 5678' },
		)
		expect(shipped).toMatchObject({ ok: true, order: { status: 'shipped', carrier: 'DPD' } })
		expect((await markDelivered(deps, { orderId: order.id, actor: admin })).ok).toBe(true)
		const kinds = (await emailsTo(email)).map((e) => e.kind).sort()
		expect(kinds).toEqual(['order-delivered', 'order-paid', 'order-shipped'])
		const shippedMail = (await emailsTo(email)).find((e) => e.kind === 'order-shipped')!
		expect(shippedMail.text).toContain('1550 1234 5678')
	})

	it('refuses a payment on a superseded link and records offline payments', async () => {
		const order = await insertOrder(database.db, { status: 'payment_pending' })
		await deactivatePaymentLink(deps, { orderId: order.id, actor: admin }, order.paymentLinkId!)
		const late = await applyPayment(deps, {
			linkId: order.paymentLinkId!,
			amountPence: order.totalCostPence!,
			provider: 'test',
			providerPaymentId: newTestPaymentId(),
		})
		expect(late).toMatchObject({ ok: false, message: LINK_NOT_ACTIVE })
		const offline = await markPaid(
			deps,
			{ orderId: order.id, actor: admin },
			{ note: 'Bank transfer' },
		)
		expect(offline).toMatchObject({ ok: true, order: { status: 'paid' } })
		const last = (await events(order.id)).at(-1)
		expect(last).toMatchObject({
			fromStatus: 'payment_pending',
			toStatus: 'paid',
			note: expect.stringMatching(/^Marked as paid offline: Bank transfer; receipt RCT-/),
		})
	})
})
