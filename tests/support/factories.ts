import crypto from 'node:crypto'
import { eq } from 'drizzle-orm'
import { ensureAdmin } from '~/.server/auth/admin-bootstrap'
import type { Db } from '~/.server/db/client'
import {
	type DeliveryDetails,
	type OrderLine,
	orderEvents,
	orders,
	paymentLinks,
	user,
} from '~/.server/db/schema'
import type { ActionDeps } from '~/.server/orders/lifecycle/deps'
import { newOrderId } from '~/.server/orders/lifecycle/order-id'
import { applyPayment } from '~/.server/orders/payments/apply-payment'
import { newLinkToken, payUrl } from '~/.server/payments/provider'
import { newTestPaymentId } from '~/.server/payments/test-provider'
import { ORDER_STATUSES, type OrderStatus } from '~/lib/order-status'
import type { TestApp } from './app'
import { TestClient } from './session'

/**
 * Test data without clicking through the shop: customers and admins signed in over HTTP, and
 * orders in any status written straight to the database with the fields that status implies.
 */
const PASSWORD = 'correct horse battery'

let counter = 0
export const uniqueEmail = (prefix = 'customer') =>
	`${prefix}-${++counter}-${crypto.randomBytes(3).toString('hex')}@example.co.uk`

/** A registered customer with a signed-in client. */
export async function createCustomer(
	app: TestApp,
	{ email = uniqueEmail(), firstName = 'Ann', lastName = 'Tester' } = {},
) {
	const client = new TestClient(app)
	const res = await client.register(email, PASSWORD, { firstName, lastName })
	if (res.status >= 400) throw new Error(`registration failed with ${res.status}`)
	const [row] = await app.database.db
		.select({ id: user.id })
		.from(user)
		.where(eq(user.email, email))
	return { id: row!.id, email, password: PASSWORD, client }
}

/** An admin created the way the CLI creates one, then signed in. */
export async function createAdmin(app: TestApp, { email = uniqueEmail('admin') } = {}) {
	await ensureAdmin(app.database.db, app.runtime.auth, email, PASSWORD)
	const client = new TestClient(app)
	const res = await client.post('/auth', { intent: 'signin', email, password: PASSWORD })
	if (res.status >= 400) throw new Error(`admin sign-in failed with ${res.status}`)
	const [row] = await app.database.db
		.select({ id: user.id })
		.from(user)
		.where(eq(user.email, email))
	return { id: row!.id, email, password: PASSWORD, client }
}

/** A signed-in member of staff with `role` (issue 60): made an owner by the bootstrap, then moved. */
export async function createStaffMember(
	app: TestApp,
	role: 'owner' | 'staff' | 'bookkeeper',
	{ email = uniqueEmail(role) } = {},
) {
	await ensureAdmin(app.database.db, app.runtime.auth, email, PASSWORD)
	await app.database.db.update(user).set({ role }).where(eq(user.email, email))
	const client = new TestClient(app)
	const res = await client.post('/auth', { intent: 'signin', email, password: PASSWORD })
	if (res.status >= 400) throw new Error(`${role} sign-in failed with ${res.status}`)
	const [row] = await app.database.db
		.select({ id: user.id })
		.from(user)
		.where(eq(user.email, email))
	return { id: row!.id, email, password: PASSWORD, client, role }
}

export const sampleDelivery = (overrides: Partial<DeliveryDetails> = {}): DeliveryDetails => ({
	firstName: 'Morag',
	lastName: 'Mackenzie',
	email: 'morag@example.co.uk',
	phone: '01463 123456',
	address1: '12 Loch Road',
	address2: '',
	city: 'Inverness',
	postcode: 'IV2 3XY',
	notes: '',
	...overrides,
})

export const sampleLine = (overrides: Partial<OrderLine> = {}): OrderLine => ({
	id: '0',
	name: 'Oase BioSmart 18000 Filter',
	originalName: 'Oase BioSmart 18000 Filter',
	code: 'FI-TEST-1',
	price: '£249.99',
	unitPricePence: 24_999,
	quantity: 1,
	selectedSize: '',
	selectedOption: '',
	supplierUrl: 'https://supplier.example/filter',
	imageUrl: '/images/products/filters-1.jpg',
	...overrides,
})

type OrderSeed = {
	status?: OrderStatus
	userId?: string | null
	deliveryInfo?: Partial<DeliveryDetails>
	lines?: OrderLine[]
	deliveryCostPence?: number
	createdAt?: Date
	siteUrl?: string
}

/** What an order in `status` holds: a cost from delivery_confirmed on, a live link when pending payment. */
export async function insertOrder(db: Db, seed: OrderSeed = {}) {
	const status = seed.status ?? 'pending'
	const lines = seed.lines ?? [sampleLine()]
	const subtotalPence = lines.reduce((sum, l) => sum + l.unitPricePence * l.quantity, 0)
	const priced =
		status !== 'pending' && !(status === 'cancelled' && seed.deliveryCostPence === undefined)
	const deliveryCostPence = priced ? (seed.deliveryCostPence ?? 4_500) : null
	const totalCostPence = deliveryCostPence === null ? null : subtotalPence + deliveryCostPence
	const id = newOrderId()
	const token = status === 'payment_pending' ? newLinkToken() : null
	const createdAt = seed.createdAt ?? new Date()
	await db.transaction(async (tx) => {
		await tx.insert(orders).values({
			id,
			status,
			userId: seed.userId ?? null,
			deliveryInfo: sampleDelivery(seed.deliveryInfo),
			cartItems: lines,
			subtotalPence,
			deliveryCostPence,
			totalCostPence,
			createdAt,
			updatedAt: createdAt,
			paymentLink: token ? payUrl(seed.siteUrl ?? 'http://localhost:3000', token) : null,
			paymentLinkId: token,
			paymentLinkActive: Boolean(token),
		})
		if (token)
			await tx
				.insert(paymentLinks)
				.values({ id: token, orderId: id, amountPence: totalCostPence!, provider: 'test' })
		await tx
			.insert(orderEvents)
			.values({ orderId: id, actor: 'customer', toStatus: 'pending', note: 'Order request placed' })
	})
	const [row] = await db.select().from(orders).where(eq(orders.id, id))
	return row!
}

/** Pays an order's active link in full through the test provider, as its Pay button does. */
export async function payWithTestProvider(
	deps: Pick<ActionDeps, 'db' | 'provider' | 'siteUrl' | 'vatNumber'>,
	order: { paymentLinkId: string | null; totalCostPence: number | null },
) {
	const paid = await applyPayment(deps, {
		linkId: order.paymentLinkId!,
		amountPence: order.totalCostPence!,
		provider: 'test',
		providerPaymentId: newTestPaymentId(),
	})
	if (!paid.ok) throw new Error(`payment not applied: ${paid.message}`)
	return paid
}

export { ORDER_STATUSES }
