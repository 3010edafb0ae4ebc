import { parsePriceText } from '~/lib/money'
import type { CartItem } from './cart'

// Apart from cart.ts, which every page loads for the cart count: only the cart and checkout
// pages show totals, so only they load the price parser (issue 34 item 11).

/** Line total in pence, or null when the line has no usable price. */
export function lineTotalPence(line: CartItem) {
	const unit = parsePriceText(line.price)
	return unit === null ? null : unit * line.quantity
}

export const subtotalPence = (cart: readonly CartItem[]) =>
	cart.reduce((sum, line) => sum + (lineTotalPence(line) ?? 0), 0)
