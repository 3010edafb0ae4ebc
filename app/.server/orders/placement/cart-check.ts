import type { Catalog } from '~/.server/catalog/catalog'
import { priceLabel, unitPricePence } from '~/lib/catalog/product'
import { parsePriceText } from '~/lib/money'

export type CartCheckLine = {
	id: string
	code?: string
	price: string
	selectedSize: string
	selectedOption: string
}
export type CartCheckResult =
	| { status: 'ok' }
	| { status: 'changed'; price: string }
	| { status: 'gone' }

/** Compares each cart line with the catalogue now: vanished, repriced, or fine. */
export async function checkCartLines(
	catalog: Catalog,
	lines: CartCheckLine[],
): Promise<CartCheckResult[]> {
	return Promise.all(
		lines.map(async (line): Promise<CartCheckResult> => {
			const product = await catalog.product(line.id)
			if (!product || (line.code && line.code !== product.code)) return { status: 'gone' }
			const current = unitPricePence(product, line.selectedOption)
			if (current === null) return { status: 'gone' }
			return current === parsePriceText(line.price)
				? { status: 'ok' }
				: { status: 'changed', price: priceLabel(current) }
		}),
	)
}
