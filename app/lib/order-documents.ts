/**
 * A document offered on the customer's order page (issue 30 items 3–4: the VAT invoice, credit
 * notes). Filled in by the order page's loader; the page lists whatever it is given.
 */
export type OrderDocument = {
	/** 'VAT invoice INV-000123' */
	label: string
	/** Where it downloads from; carries the visitor's order link key when they came by one. */
	href: string
	/** 'Issued 4 Dec 2026' */
	detail?: string
}
