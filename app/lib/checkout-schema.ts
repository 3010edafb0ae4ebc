import { z } from 'zod'
import { DeliverySchema } from './delivery-schema'
import { safeText } from './text-safety'

export const MAX_ORDER_LINES = 100
export const MAX_LINE_QUANTITY = 999

/** What the browser sends for each cart line: identifiers and quantity only — never a price. */
export const OrderLineInputSchema = z.object({
	id: safeText().trim().min(1).max(20),
	quantity: z
		.number({ error: 'Quantity must be a whole number' })
		.int('Quantity must be a whole number')
		.min(1, 'Quantity must be at least 1')
		.max(MAX_LINE_QUANTITY, `Quantity cannot be more than ${MAX_LINE_QUANTITY}`),
	selectedSize: safeText().max(100).default(''),
	selectedOption: safeText().max(100).default(''),
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
})

export type PlaceOrderInput = z.input<typeof PlaceOrderSchema>
