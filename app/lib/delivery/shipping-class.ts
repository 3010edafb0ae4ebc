/** How an item travels (DESIGN decision 15): by parcel courier, on a pallet, or collected. */
export const SHIPPING_CLASSES = ['parcel', 'pallet', 'collection'] as const
export type ShippingClass = (typeof SHIPPING_CLASSES)[number]

/** A product's own class; when the catalogue says nothing, a parcel (every category's default). */
export function shippingClassOf(product: { shippingClass?: string | null }): ShippingClass {
	const own = product.shippingClass
	if (own && (SHIPPING_CLASSES as readonly string[]).includes(own)) return own as ShippingClass
	return 'parcel'
}

/** The product page's plain-English delivery note. */
export const SHIPPING_NOTES: Record<ShippingClass, string> = {
	parcel: 'Ships by parcel courier: usually with you within a few working days of payment.',
	pallet: 'Ships by pallet: we will confirm access for the lorry before delivery.',
	collection: 'Collection only: collect it from us near Inverness, or ask us about delivery.',
}
