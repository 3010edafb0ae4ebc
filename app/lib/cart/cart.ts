export const CART_STORAGE_KEY = 'cart'
/** The server refuses more (placeOrder); the cart never offers them. */
export const MAX_LINES = 100
export const MAX_QUANTITY_PER_LINE = 999

/** The spec's cart item; `price` is display text ('£12.99') and never trusted by the server. */
export type CartItem = {
	id: string
	name: string
	originalName: string
	price: string
	quantity: number
	imageUrl: string
	productUrl: string
	code: string
	category: string
	selectedSize: string
	selectedOption: string
}

const sameLine = (a: Pick<CartItem, 'id' | 'selectedSize' | 'selectedOption'>, b: typeof a) =>
	a.id === b.id && a.selectedSize === b.selectedSize && a.selectedOption === b.selectedOption

/** Adds to the line with the same id, size and option, or appends a new line. */
export function addItem(cart: readonly CartItem[], item: CartItem): CartItem[] {
	const index = cart.findIndex((line) => sameLine(line, item))
	if (index === -1) return cart.length >= MAX_LINES ? [...cart] : [...cart, item]
	return cart.map((line, i) =>
		i === index
			? { ...line, quantity: Math.min(MAX_QUANTITY_PER_LINE, line.quantity + item.quantity) }
			: line,
	)
}

/** Removes the line with this id, size and option — or every line with the id when neither is given. */
export function removeItem(
	cart: readonly CartItem[],
	id: string,
	selectedSize?: string,
	selectedOption?: string,
): CartItem[] {
	if (selectedSize === undefined && selectedOption === undefined) {
		return cart.filter((line) => line.id !== id)
	}
	return cart.filter(
		(line) =>
			!sameLine(line, {
				id,
				selectedSize: selectedSize ?? '',
				selectedOption: selectedOption ?? '',
			}),
	)
}

/** Sets a line's quantity; values below 1 (or not whole numbers) are ignored. */
export function updateQuantity(
	cart: readonly CartItem[],
	line: Pick<CartItem, 'id' | 'selectedSize' | 'selectedOption'>,
	quantity: number,
): CartItem[] {
	if (!Number.isInteger(quantity) || quantity < 1) return [...cart]
	const capped = Math.min(quantity, MAX_QUANTITY_PER_LINE)
	return cart.map((item) => (sameLine(item, line) ? { ...item, quantity: capped } : item))
}

export const itemCount = (cart: readonly CartItem[]) =>
	cart.reduce((sum, line) => sum + line.quantity, 0)

/** 'Pond Pump - 2 m - With UV' — the spec's display name combining name, size and option. */
export const displayName = (line: Pick<CartItem, 'name' | 'selectedSize' | 'selectedOption'>) =>
	[line.name, line.selectedSize, line.selectedOption].filter(Boolean).join(' - ')
