import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { emailOutbox, orderEvents, orders, user } from '~/.server/db/schema'
import { getDeliverySettings } from '~/.server/delivery/settings'
import { setDeliveryCost } from '~/.server/orders/actions/set-delivery-cost'
import { applyPayment, QUOTE_EXPIRED } from '~/.server/orders/payments/apply-payment'
import { newTestPaymentId } from '~/.server/payments/test-provider'
import { DEFAULT_DELIVERY_SETTINGS } from '~/lib/delivery/zones'
import { formatPence } from '~/lib/money'
import { startTestApp, type TestApp } from '../support/app'
import { createAdmin, createCustomer, insertOrder, sampleLine } from '../support/factories'

let app: TestApp
let admin: Awaited<ReturnType<typeof createAdmin>>
beforeAll(async () => {
	app = await startTestApp()
	admin = await createAdmin(app)
})
afterAll(async () => {
	await app?.close()
})

const text = async (res: Response) => (await res.text()).replace(/<!-- -->/g, '')
const pallet = sampleLine({ shippingClass: 'pallet', unitPricePence: 60_599 })
const parcel = sampleLine({ shippingClass: 'parcel' })

/** The settings form as the page posts it, from a settings object. */
function settingsForm(settings = DEFAULT_DELIVERY_SETTINGS) {
	const fields: Record<string, string> = {
		parcelsIncluded: String(settings.parcelsIncluded),
		extraParcelsSurcharge: (settings.extraParcelsSurchargePence / 100).toFixed(2),
		extraPalletsSurcharge: (settings.extraPalletsSurchargePence / 100).toFixed(2),
		quoteValidDays: String(settings.quoteValidDays),
	}
	settings.zones.forEach((zone, i) => {
		fields[`zones.${i}.id`] = zone.id
		fields[`zones.${i}.name`] = zone.name
		fields[`zones.${i}.postcodes`] = zone.postcodes.join(', ')
		fields[`zones.${i}.parcel`] =
			zone.parcelPence === null ? '' : (zone.parcelPence / 100).toFixed(2)
		fields[`zones.${i}.pallet`] =
			zone.palletPence === null ? '' : (zone.palletPence / 100).toFixed(2)
	})
	return fields
}

describe('delivery rate settings', () => {
	it('refuses bad tables with clear messages and saves a good one with who and when', async () => {
		const page = await text(await admin.client.request('/admin/delivery'))
		expect(page).toContain('Scottish Highlands &amp; islands')
		const before = await getDeliverySettings(app.database.db)

		const negative = await admin.client.post('/admin/delivery', {
			...settingsForm(),
			'zones.1.pallet': '-5',
		})
		expect(negative.status).toBe(400)
		expect(await text(negative)).toContain('Enter a price in pounds, 0 or more')
		const overlap = await admin.client.post('/admin/delivery', {
			...settingsForm(),
			'zones.0.postcodes': 'IV1-IV5, KW',
		})
		expect(await text(overlap)).toContain('Overlapping zones: KW in Scottish Highlands')
		const malformed = await admin.client.post('/admin/delivery', {
			...settingsForm(),
			'zones.3.postcodes': 'PO30-PO41, 12X',
		})
		expect(await text(malformed)).toContain('12X&quot; is not a postcode area, district or range')
		const noMainland = await admin.client.post('/admin/delivery', {
			...settingsForm(),
			'zones.2.remove': 'on',
		})
		expect(await text(noMainland)).toContain('cannot be deleted')
		expect(await getDeliverySettings(app.database.db)).toEqual(before)

		const saved = await admin.client.post('/admin/delivery', {
			...settingsForm(),
			'zones.1.pallet': '80.00',
			'zones.new.name': 'Orkney ferries',
			'zones.new.postcodes': 'KW15-KW17',
			'zones.new.parcel': '18',
			'zones.new.pallet': '',
			reminderHours: '24',
			lastMorningReminder: 'on',
			unquotedAlertHours: '16',
			summaryAt: '08:15',
			instantQuotes: 'on',
		})
		expect(saved.status).toBe(200)
		const after = await getDeliverySettings(app.database.db)
		expect(after).toMatchObject({
			reminderHours: 24,
			lastMorningReminder: true,
			unquotedAlertHours: 16,
			summaryAt: '08:15',
			instantQuotes: true,
		})
		expect(after.zones.find((z) => z.id === 'highlands')!.palletPence).toBe(8_000)
		expect(after.zones.find((z) => z.name === 'Orkney ferries')).toMatchObject({
			id: 'orkney-ferries',
			postcodes: ['KW15-KW17'],
			parcelPence: 1_800,
			palletPence: null,
		})
		const history = await text(await admin.client.request('/admin/delivery'))
		expect(history).toContain(`by ${admin.email}`)

		// The next suggestion uses the new Highlands pallet price.
		const order = await insertOrder(app.database.db, {
			lines: [pallet],
			deliveryInfo: { postcode: 'IV40 8AB' },
		})
		const modal = await text(await admin.client.request(`/admin/orders/${order.id}`))
		expect(modal).toContain('Suggested: £80.00')
		expect(modal).toContain('Scottish Highlands &amp; islands (IV40) · 1 pallet = £80.00')
	})
})

describe('suggested delivery cost in the order modal', () => {
	const modalFor = async (postcode: string, lines = [parcel], siteAccess = null as never) => {
		const order = await insertOrder(app.database.db, { lines, deliveryInfo: { postcode } })
		if (siteAccess)
			await app.database.db.update(orders).set({ siteAccess }).where(eq(orders.id, order.id))
		return { order, html: await text(await admin.client.request(`/admin/orders/${order.id}`)) }
	}

	it('suggests or explains for Inverness, Belfast, Jersey and no lorry access', async () => {
		expect((await modalFor('IV2 3XY', [pallet])).html).toContain(
			'Local van (Inverness &amp; Moray Firth) (IV2) · 1 pallet = £35.00',
		)
		expect((await modalFor('BT1 1AA')).html).toContain('Suggested: £24.95')
		expect((await modalFor('JE2 3AB', [pallet])).html).toContain(
			'There is no pallet service to Channel Islands: ask the courier for a price.',
		)
		const noLorry = await modalFor('IV2 3XY', [pallet], {
			lorryAccess: 'no',
			gateWidthCm: 90,
			tailLift: 'yes',
		} as never)
		expect(noLorry.html).toContain('No suggested price.')
		expect(noLorry.html).toContain('7.5-tonne lorry cannot reach them')
		expect(noLorry.html).toContain('7.5-tonne lorry access: No; narrowest gate or path: 90 cm')
	})

	it('records the suggestion beside the price charged on the timeline', async () => {
		const { order } = await modalFor('IV2 3XY', [pallet])
		const res = await admin.client.post(`/admin/orders/${order.id}`, {
			intent: 'set-delivery-cost',
			version: String(order.version),
			deliveryCost: '40',
			suggestion: 'Local van (Inverness & Moray Firth) (IV2) · 1 pallet = £35.00',
		})
		expect(res.status).toBe(200)
		const events = await app.database.db
			.select()
			.from(orderEvents)
			.where(eq(orderEvents.orderId, order.id))
		expect(events.at(-1)!.note).toBe(
			`Suggested: Local van (Inverness & Moray Firth) (IV2) · 1 pallet = £35.00. Delivery £40.00, total ${formatPence(order.subtotalPence + 4000)}; payment link sent`,
		)
	})
})

describe('price held until', () => {
	it('dates each quote, refuses payment after it, lists it as expired and re-quotes in one click', async () => {
		const customer = await createCustomer(app)
		const order = await insertOrder(app.database.db, { userId: customer.id, siteUrl: app.url })
		const quotedAt = new Date('2026-11-01T10:00:00Z')
		const deps = {
			db: app.database.db,
			provider: app.runtime.payments,
			siteUrl: app.url,
			now: () => quotedAt,
		}
		const quoted = await setDeliveryCost(
			deps,
			{ orderId: order.id, actor: { kind: 'admin', id: admin.id } },
			{ deliveryCostPence: 2_000, confirmReplace: false },
		)
		expect(quoted.ok).toBe(true)
		if (!quoted.ok) return
		expect(quoted.order.quoteExpiresAt!.toISOString()).toBe('2026-11-15T10:00:00.000Z')
		const quoteMail = (
			await app.database.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'order-quote'))
		).find((m) => m.subject.includes(order.id))
		expect(quoteMail!.text).toContain('This price is held until 15 Nov 2026')

		const late = await applyPayment(
			{ ...deps, now: () => new Date('2026-11-16T09:00:00Z') },
			{
				linkId: quoted.order.paymentLinkId!,
				amountPence: quoted.order.totalCostPence!,
				provider: 'test',
				providerPaymentId: newTestPaymentId(),
			},
		)
		expect(late).toMatchObject({ ok: false, message: QUOTE_EXPIRED })

		// Against the real clock that quote is now in the past.
		const pay = await app.request(new URL(quoted.order.paymentLink!).pathname)
		expect(pay.status).toBe(410)
		expect(await text(pay)).toContain('This quote has expired')
		const expiredList = await text(await admin.client.request('/admin?status=expired'))
		expect(expiredList).toContain(order.id)

		const requote = await admin.client.post(`/admin/orders/${order.id}`, {
			intent: 'set-delivery-cost',
			version: String(quoted.order.version),
			deliveryCost: '20.00',
			confirmReplace: 'yes',
		})
		expect(await text(requote)).toContain('Order updated and new payment link created successfully')
		const [fresh] = await app.database.db.select().from(orders).where(eq(orders.id, order.id))
		expect(fresh!.quoteExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 13 * 86_400_000)
		expect(fresh!.paymentLinkId).not.toBe(quoted.order.paymentLinkId)
		expect((await app.request(new URL(fresh!.paymentLink!).pathname)).status).toBe(200)
		expect(await text(await admin.client.request('/admin?status=expired'))).not.toContain(order.id)
	})
})

describe('site access at checkout', () => {
	const cart = JSON.stringify([
		{ id: '9', quantity: 1, selectedSize: '', selectedOption: 'Standard' },
	])
	const delivery = {
		firstName: 'Hamish',
		lastName: 'Ross',
		address1: '3 Croft Road',
		city: 'Dingwall',
		postcode: 'IV15 9AA',
		phone: '01349 123456',
		email: '',
		notes: '',
	}

	it('stores the access details with the order and the profile, and keeps the sign-in email', async () => {
		const customer = await createCustomer(app)
		const bad = await customer.client.post('/checkout', {
			...delivery,
			cart,
			idempotencyKey: 'site-access-1',
			gateWidthCm: '20',
		})
		expect(bad.status).toBe(400)
		expect(await text(bad)).toContain(
			'Enter the narrowest gate or path width in whole centimetres, from 30 to 1000',
		)
		const res = await customer.client.post('/checkout', {
			...delivery,
			cart,
			idempotencyKey: 'site-access-2',
			lorryAccess: 'no',
			gateWidthCm: '80',
			tailLift: 'yes',
			saveToProfile: 'on',
		})
		expect(res.status).toBe(302)
		const [order] = await app.database.db
			.select()
			.from(orders)
			.where(eq(orders.userId, customer.id))
		expect(order!.siteAccess).toEqual({ lorryAccess: 'no', gateWidthCm: 80, tailLift: 'yes' })
		expect(order!.cartItems[0]!.shippingClass).toBe('pallet')
		const [profile] = await app.database.db.select().from(user).where(eq(user.id, customer.id))
		expect(profile).toMatchObject({ email: customer.email, address1: '3 Croft Road' })
		expect(profile!.siteAccess).toEqual(order!.siteAccess)
		const mail = (
			await app.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, customer.email))
		).find((m) => m.kind === 'order-confirmation')
		expect(mail!.text).toContain(
			'Access: 7.5-tonne lorry access: No; narrowest gate or path: 80 cm',
		)
		expect(mail!.text).toContain(
			'We will email you a delivery quote, normally within one working day; the price is held for 14 days.',
		)
		const confirmation = await text(await customer.client.request(res.headers.get('location')!))
		expect(confirmation).toContain('the price is held for 14 days')
		const product = await text(await app.request('/pond-products/filters/9'))
		expect(product).toContain(
			'Ships by pallet: we will confirm access for the lorry before delivery.',
		)
	})
})
