import { z } from 'zod'
import { SiteAccessFields, SiteAccessSchema } from './delivery/site-access-schema'
import { DeliverySchema } from './delivery-schema'
import { safeText } from './text-safety'

export const MAX_ORDER_LINES = 100
export const MAX_LINE_QUANTITY = 999

const noChoice = safeText()
	.max(100)
	.nullish()
	.transform((v) => v ?? '')

/** What the browser sends for each cart line: identifiers and quantity only — never a price. */
export const OrderLineInputSchema = z.object({
	id: safeText().trim().min(1).max(20),
	quantity: z
		.number({ error: 'Quantity must be a whole number' })
		.int('Quantity must be a whole number')
		.min(1, 'Quantity must be at least 1')
		.max(MAX_LINE_QUANTITY, `Quantity cannot be more than ${MAX_LINE_QUANTITY}`),
	// A product without sizes or options: the spec's shape sends null, other clients leave it out.
	selectedSize: noChoice,
	selectedOption: noChoice,
	/** The code the customer saw; a different code under the same id means the catalogue changed. */
	code: safeText().max(100).optional(),
})

export const PlaceOrderSchema = z.object({
	cartItems: z
		.array(OrderLineInputSchema, { error: 'The cart is missing' })
		.min(1, 'Your cart is empty')
		.max(MAX_ORDER_LINES, `An order can have at most ${MAX_ORDER_LINES} lines`),
	deliveryInfo: DeliverySchema,
	idempotencyKey: safeText().trim().min(8).max(100).optional(),
	saveToProfile: z.boolean().default(false),
	siteAccess: SiteAccessSchema.nullish().transform((v) => v ?? null),
})

export type PlaceOrderInput = z.input<typeof PlaceOrderSchema>

/** The checkout page's form: the delivery fields plus the cart (JSON) and the checkout key. */
export const CheckoutFormSchema = DeliverySchema.extend({
	...SiteAccessFields,
	cart: safeText().transform((text, ctx) => {
		try {
			return JSON.parse(text) as unknown
		} catch {
			ctx.addIssue({ code: 'custom', message: 'Your cart could not be read. Please try again.' })
			return z.NEVER
		}
	}),
	idempotencyKey: safeText().trim().min(8).max(100),
	saveToProfile: z
		.literal('on')
		.optional()
		.transform((v) => v === 'on'),
})
