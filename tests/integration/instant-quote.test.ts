import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { emailOutbox, orderEvents, orders } from '~/.server/db/schema'
import { saveDeliverySettings } from '~/.server/delivery/settings'
import { createLogger } from '~/.server/logger'
import { afterOrderPlaced } from '~/.server/orders/actions/instant-quote'
import { orderDeps } from '~/.server/orders/lifecycle/deps'
import { placeOrder } from '~/.server/orders/placement/place-order'
import { DEFAULT_DELIVERY_SETTINGS } from '~/lib/delivery/zones'
import { createCustomer } from '../support/factories'
import { pageText, setUpShop } from '../support/shop'

/** Issue 31 item 2b: instant quotes, off by default, through the same path as a staff quote. */
const shop = setUpShop({ withAdmin: true })
const db = () => shop.app.database.db
const silent = createLogger('silent')
// A pallet-class pump from the demo catalogue (£714.99 with these options).
const pump = {
	id: '145',
	quantity: 1,
	selectedSize: '10 m cable',
	selectedOption: 'With fountain kit',
	code: 'PU-VARI-16000',
}
const delivery = {
	firstName: 'Morag',
	lastName: 'Mackenzie',
	address1: '12 Loch Road',
	city: 'Inverness',
	postcode: 'IV2 3XY',
	phone: '01463 123456',
	email: 'morag@example.co.uk',
}

async function order(customerId: string, extra: Record<string, unknown> = {}) {
	const deps = orderDeps(shop.app.runtime)
	const placed = await placeOrder(
		deps,
		{ id: customerId, email: 'morag@example.co.uk' },
		{
			cartItems: [pump],
			deliveryInfo: delivery,
			...extra,
		},
	)
	if (!placed.ok) throw new Error(placed.message)
	await afterOrderPlaced(deps, silent, placed)
	const [row] = await db().select().from(orders).where(eq(orders.id, placed.orderId))
	return row!
}

describe('instant quotes', () => {
	it('are off by default: a new request waits for staff', async () => {
		const customer = await createCustomer(shop.app)
		expect((await order(customer.id)).status).toBe('pending')
	})

	it('quote a request the rates cover at once, with the staff quote email, and the confirmation offers Pay now', async () => {
		await saveDeliverySettings(db(), shop.admin.id, {
			...DEFAULT_DELIVERY_SETTINGS,
			instantQuotes: true,
		})
		const customer = await createCustomer(shop.app)
		const quoted = await order(customer.id)
		expect(quoted).toMatchObject({
			status: 'payment_pending',
			deliveryCostPence: 3500,
			paymentLinkActive: true,
		})
		const events = await db().select().from(orderEvents).where(eq(orderEvents.orderId, quoted.id))
		const auto = events.find((e) => e.toStatus === 'payment_pending')
		expect(auto?.actor).toBe('system')
		expect(auto?.note).toContain('(instant quote)')
		const quoteEmails = (
			await db().select().from(emailOutbox).where(eq(emailOutbox.kind, 'order-quote'))
		).filter((e) => e.subject.includes(quoted.id))
		expect(quoteEmails).toHaveLength(1)
		const page = await pageText(
			await customer.client.request(`/order-confirmation?order=${quoted.id}`),
		)
		expect(page).toContain(`Pay £${((quoted.totalCostPence ?? 0) / 100).toFixed(2)} now`)
		expect(page).toContain(`/pay/${quoted.paymentLinkId}`)
	})

	it('leave for staff what a person should look at first, or the rates cannot price', async () => {
		await saveDeliverySettings(db(), shop.admin.id, {
			...DEFAULT_DELIVERY_SETTINGS,
			instantQuotes: true,
		})
		const customer = await createCustomer(shop.app)
		const notes = await order(customer.id, {
			deliveryInfo: { ...delivery, notes: 'Please ring first' },
		})
		expect(notes.status).toBe('pending')
		const narrowGate = await order(customer.id, {
			siteAccess: { lorryAccess: 'yes', gateWidthCm: 80, tailLift: '' },
		})
		expect(narrowGate.status).toBe('pending')
		// No pallet service to Jersey.
		const jersey = await order(customer.id, { deliveryInfo: { ...delivery, postcode: 'JE2 3AB' } })
		expect(jersey.status).toBe('pending')
		await saveDeliverySettings(db(), shop.admin.id, DEFAULT_DELIVERY_SETTINGS)
	})
})
