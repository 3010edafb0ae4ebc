import { z } from 'zod'
import { type CartItem, MAX_LINES, MAX_QUANTITY_PER_LINE } from './cart'

// Loaded after hydration (cart-provider), so zod stays out of every page's initial JavaScript.
const CartItemSchema = z.object({
	id: z.string().min(1).max(20),
	name: z.string().min(1).max(300),
	originalName: z.string().max(300),
	price: z.string().max(30),
	quantity: z.number().int().min(1).max(MAX_QUANTITY_PER_LINE),
	imageUrl: z.string().max(500),
	productUrl: z.string().max(1000),
	code: z.string().max(100),
	category: z.string().max(50),
	selectedSize: z.string().max(100),
	selectedOption: z.string().max(100),
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
