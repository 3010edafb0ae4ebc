import type { ShippingClass } from './delivery/shipping-class'

/** A line as ordered: everything shown later is snapshotted, so catalogue changes never alter it. */
export type OrderLine = {
	id: string
	name: string
	originalName: string
	code: string
	/** Spec: unit price as text with a pound sign ('£12.99'). */
	price: string
	unitPricePence: number
	quantity: number
	selectedSize: string
	selectedOption: string
	supplierUrl: string
	imageUrl: string
	/** How it travels, as the catalogue said when ordered (absent on orders before issue 19). */
	shippingClass?: ShippingClass
}
