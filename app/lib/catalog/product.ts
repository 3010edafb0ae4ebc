import { categoryLabel } from '~/lib/categories'
import { PLACEHOLDER_SRC } from '~/lib/images'
import { formatPence } from '~/lib/money'

export type ProductOption = { name: string; pricePence: number }

/** One line of a product's specifications table ('Flow rate' – '6,000 litres an hour'). */
export type ProductSpec = { name: string; value: string }

/** A catalogue product as the pages show it (spec section 3, prices in pence). */
export type Product = {
	id: string
	name: string
	code: string
	/** The main photo; '' when it has none yet (pages show the placeholder). */
	imageUrl: string
	/** The gallery's other photos in order (the CSV's optional more_images column). */
	moreImages: string[]
	productUrl: string
	vendor: string
	/** The slug of one of the shop's categories (the categories table). */
	category: string
	/** Null when the catalogue says 'Price not available'. */
	pricePence: number | null
	sizes: string[]
	options: ProductOption[]
	selectedSize: string
	selectedOption: string
	originalName: string
	/** From the CSV's optional shipping_class column; null is a parcel. */
	shippingClass: string | null
	/** Hidden by the owner: off listings, search, the sitemap and new carts; kept in past orders. */
	hidden: boolean
	/** The owner's description in a safe subset of Markdown ('' for none; product-description.ts). */
	description: string
	specifications: ProductSpec[]
}

/** A grid card needs much less than the detail page. */
export type ProductSummary = Pick<
	Product,
	'id' | 'name' | 'code' | 'imageUrl' | 'vendor' | 'category' | 'pricePence'
> & { hasOptions: boolean /** The category's name as the owner wrote it. */; categoryName: string }

export const PRICE_NOT_AVAILABLE = 'Price not available'

export function priceLabel(pence: number | null) {
	return pence === null ? PRICE_NOT_AVAILABLE : formatPence(pence)
}

/** Spec: the thumbnail is the image name with -thumb inserted before .jpg; no photo, the placeholder. */
export function thumbnailUrl(imageUrl: string) {
	return imageUrl ? imageUrl.replace(/\.jpg$/i, '-thumb.jpg') : PLACEHOLDER_SRC
}

/** An option's price replaces the product's base price (DESIGN decision 4). */
export function unitPricePence(
	product: Pick<Product, 'pricePence' | 'options'>,
	optionName: string,
) {
	const option = product.options.find((o) => o.name === optionName)
	return option ? option.pricePence : product.pricePence
}

export function productPath(product: Pick<Product, 'id' | 'category'>) {
	return `/pond-products/${product.category}/${product.id}`
}

export const categoryPath = (category: string) => `/pond-products/${category}`

export { categoryLabel }
