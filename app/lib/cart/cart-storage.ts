import { z } from 'zod'
import { safeText } from '../text-safety'
import { type CartItem, MAX_LINES, MAX_QUANTITY_PER_LINE } from './cart'

// Loaded after hydration (cart-provider), so zod stays out of every page's initial JavaScript.
const CartItemSchema = z.object({
	id: safeText().min(1).max(20),
	name: safeText().min(1).max(300),
	originalName: safeText().max(300),
	price: safeText().max(30),
	quantity: z.number().int().min(1).max(MAX_QUANTITY_PER_LINE),
	imageUrl: safeText().max(500),
	productUrl: safeText().max(1000),
	code: safeText().max(100),
	category: safeText().max(50),
	selectedSize: safeText().max(100),
	selectedOption: safeText().max(100),
}) satisfies z.ZodType<CartItem>

/** Reads the stored cart; anything corrupt or foreign is dropped, never thrown. */
export function parseStoredCart(raw: string | null): CartItem[] {
	if (!raw) return []
	let value: unknown
	try {
		value = JSON.parse(raw)
	} catch {
		return []
	}
	if (!Array.isArray(value)) return []
	const lines: CartItem[] = []
	for (const entry of value.slice(0, MAX_LINES)) {
		const parsed = CartItemSchema.safeParse(entry)
		if (parsed.success) lines.push(parsed.data)
	}
	return lines
}
