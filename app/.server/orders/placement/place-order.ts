import { and, eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { SessionUser } from '~/.server/auth/guards'
import { saveDeliveryDetails } from '~/.server/auth/profile'
import type { Catalog } from '~/.server/catalog/catalog'
import type { Db } from '~/.server/db/client'
import { type DeliveryDetails, type OrderLine, orders } from '~/.server/db/schema'
import { estimateFor } from '~/.server/delivery/estimate'
import { currentDeliverySettings } from '~/.server/delivery/settings'
import { newOrderNotificationEmail, orderConfirmationEmail } from '~/.server/email/order-emails'
import { unitPricePence } from '~/lib/catalog/product'
import { PlaceOrderSchema } from '~/lib/checkout-schema'
import { shippingClassOf } from '~/lib/delivery/shipping-class'
import { describeSiteAccess } from '~/lib/delivery/site-access-schema'
import { deliveryQuoteSentence } from '~/lib/delivery/zones'
import { errorsByField, type FieldErrors } from '~/lib/forms'
import { toPriceText } from '~/lib/money'
import type { OrderDeps } from '../lifecycle/deps'
import { newOrderId } from '../lifecycle/order-id'
import { insertOrderOnce, type NewOrder } from './insert-order'
import type { OrderQuota } from './order-quota'
import { orderWriterFor } from './order-writer'

export const ORDER_PLACED_MESSAGE =
	'Your order request has been received. We will review it and contact you to confirm delivery options and costs.'
export const UNAUTHENTICATED_MESSAGE = 'User must be authenticated to place an order'

export type PlaceOrderResult =
	| {
			ok: true
			orderId: string
			message: string
			order: {
				cartItems: OrderLine[]
				subtotal: number
				subtotalPence: number
				deliveryInfo: DeliveryDetails
			}
			/** True when this was a retry of an order already placed (idempotency key). */
			replayed: boolean
	  }
	| {
			ok: false
			status: 'UNAUTHENTICATED' | 'INVALID_ARGUMENT' | 'RESOURCE_EXHAUSTED'
			message: string
			fieldErrors?: FieldErrors
	  }

type Deps = Pick<OrderDeps, 'db' | 'catalog' | 'siteUrl'>

/**
 * Turns a cart into a stored order request. Prices come from the catalogue, never from the
 * browser; the order, its first event and both emails are written in one statement, so together
 * or not at all. The quota (order-quota.ts) is asked only once the request has passed every check
 * and is about to be written (issue 62 item 10): a mistyped quantity or phone number never uses
 * it up.
 */
export async function placeOrder(
	deps: Deps,
	user: Pick<SessionUser, 'id' | 'email'> | null,
	rawInput: unknown,
	quota?: OrderQuota,
): Promise<PlaceOrderResult> {
	if (!user) return { ok: false, status: 'UNAUTHENTICATED', message: UNAUTHENTICATED_MESSAGE }
	const parsed = PlaceOrderSchema.safeParse(rawInput)
	if (!parsed.success) return invalid(parsed.error)
	const input = parsed.data

	// A retry of a placed order answers with that order, even if the cart no longer checks out.
	const checked = await priceLines(deps.catalog, input.cartItems)
	if (!checked.ok) {
		const existing = input.idempotencyKey
			? await findByKey(deps.db, user.id, input.idempotencyKey)
			: undefined
		return existing ?? problem(checked.message)
	}
	if (quota && !(await quota.take())) {
		// A retry of an order already placed is still answered with it, not refused.
		const existing = input.idempotencyKey
			? await findByKey(deps.db, user.id, input.idempotencyKey)
			: undefined
		return existing ?? { ok: false, status: 'RESOURCE_EXHAUSTED', message: quota.message }
	}
	const lines = checked.lines
	const subtotalPence = lines.reduce((sum, line) => sum + line.unitPricePence * line.quantity, 0)
	const settings = await currentDeliverySettings(deps.db)
	const deliveryNote = deliveryQuoteSentence(settings.quoteValidDays)
	const siteAccess = describeSiteAccess(input.siteAccess) ? input.siteAccess : null
	const deliveryInfo: DeliveryDetails = {
		...input.deliveryInfo,
		email: input.deliveryInfo.email || user.email,
	}
	// The estimate the checkout showed, worked out again here from the same rates (never taken
	// from the browser), kept on the order until staff confirm the cost (issue 62 item 6).
	const estimate = estimateFor(
		settings,
		deliveryInfo.postcode,
		lines.map(({ shippingClass = 'parcel', quantity }) => ({ shippingClass, quantity })),
	)

	for (let attempt = 0; ; attempt++) {
		const order: NewOrder = {
			id: newOrderId(),
			userId: user.id,
			deliveryInfo,
			cartItems: lines,
			subtotalPence,
			idempotencyKey: input.idempotencyKey ?? null,
			siteAccess,
			deliveryEstimatePence: estimate.kind === 'estimate' ? estimate.pence : null,
		}
		const emails = [
			orderConfirmationEmail(user.email, order, deliveryNote),
			newOrderNotificationEmail(order, deps.siteUrl),
		]
		try {
			// One statement writes the order, its event and both emails (with other orders waiting at
			// the same moment: decision 0012); the idempotency key's unique index decides a race
			// (decision 0005), so no read comes first.
			const placed = input.saveToProfile
				? await deps.db.transaction(async (tx) => {
						if (!(await insertOrderOnce(tx, { order, emails }))) return false
						await saveDeliveryDetails(tx as unknown as Db, user.id, {
							...input.deliveryInfo,
							siteAccess,
						})
						return true
					})
				: await orderWriterFor(deps.db).write({ order, emails })
			if (!placed) {
				// Only an order with the same key stops the insert: answer with it.
				const existing = await findByKey(deps.db, user.id, input.idempotencyKey ?? '')
				if (existing) return existing
				throw new Error('order not written and no order with its idempotency key')
			}
			return {
				ok: true,
				orderId: order.id,
				message: ORDER_PLACED_MESSAGE,
				order: { cartItems: lines, subtotal: subtotalPence / 100, subtotalPence, deliveryInfo },
				replayed: false,
			}
		} catch (error) {
			const constraint =
				(error as { constraint?: string; cause?: { constraint?: string } }).constraint ??
				(error as { cause?: { constraint?: string } }).cause?.constraint
			// An order id collision (1 in ~887 million): try another id.
			if (constraint === 'orders_pkey' && attempt < 3) continue
			throw error
		}
	}
}

type PricedLines = { ok: true; lines: OrderLine[] } | { ok: false; message: string }

/** The cart re-priced from the catalogue, or why it cannot be ordered as it is. */
async function priceLines(
	catalog: Catalog,
	items: z.output<typeof PlaceOrderSchema>['cartItems'],
): Promise<PricedLines> {
	const lines: OrderLine[] = []
	const fail = (message: string): PricedLines => ({ ok: false, message })
	for (const [index, item] of items.entries()) {
		const product = await catalog.product(item.id)
		if (!product)
			return fail(
				`Item ${index + 1} in your cart is no longer available. Please remove it and try again.`,
			)
		if (item.code !== undefined && item.code !== product.code) {
			return fail(
				`"${product.name}" has changed since you added it to your cart. Please remove it and add it again.`,
			)
		}
		if (
			product.sizes.length > 0
				? !product.sizes.includes(item.selectedSize)
				: item.selectedSize !== ''
		) {
			return fail(`The size "${item.selectedSize}" is not available for "${product.name}".`)
		}
		if (
			product.options.length > 0
				? !product.options.some((o) => o.name === item.selectedOption)
				: item.selectedOption !== ''
		) {
			return fail(`The option "${item.selectedOption}" is not available for "${product.name}".`)
		}
		const unit = unitPricePence(product, item.selectedOption)
		if (unit === null) return fail(`"${product.name}" has no price yet. Please ask us for a price.`)
		lines.push({
			id: product.id,
			name: product.name,
			originalName: product.originalName,
			code: product.code,
			price: toPriceText(unit),
			unitPricePence: unit,
			quantity: item.quantity,
			selectedSize: item.selectedSize,
			selectedOption: item.selectedOption,
			supplierUrl: product.productUrl,
			imageUrl: product.imageUrl,
			shippingClass: shippingClassOf(product),
		})
	}
	return { ok: true, lines }
}

async function findByKey(
	db: Db,
	userId: string,
	key: string,
): Promise<PlaceOrderResult | undefined> {
	const [order] = await db
		.select()
		.from(orders)
		.where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)))
	if (!order) return undefined
	return {
		ok: true,
		orderId: order.id,
		message: ORDER_PLACED_MESSAGE,
		order: {
			cartItems: order.cartItems,
			subtotal: order.subtotalPence / 100,
			subtotalPence: order.subtotalPence,
			deliveryInfo: order.deliveryInfo,
		},
		replayed: true,
	}
}

function problem(message: string): PlaceOrderResult {
	return { ok: false, status: 'INVALID_ARGUMENT', message }
}

function invalid(error: z.ZodError): PlaceOrderResult {
	const delivery = error.issues.filter((issue) => issue.path[0] === 'deliveryInfo')
	if (delivery.length > 0) {
		const errors = errorsByField({
			issues: delivery.map((i) => ({ ...i, path: i.path.slice(1) })),
		} as z.ZodError)
		return {
			ok: false,
			status: 'INVALID_ARGUMENT',
			message: 'Please check your delivery details.',
			fieldErrors: errors,
		}
	}
	const first = error.issues[0]
	const where =
		first?.path[0] === 'cartItems' && typeof first.path[1] === 'number'
			? `Item ${first.path[1] + 1} in your cart: `
			: ''
	return {
		ok: false,
		status: 'INVALID_ARGUMENT',
		message: `${where}${first?.message ?? 'The order is not valid.'}`,
	}
}
