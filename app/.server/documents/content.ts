import type { OrderRow } from '~/.server/db/schema'
import { DEMO_BUSINESS_DETAILS } from '~/lib/business'
import type { BusinessDetails } from '~/lib/business-details'
import type { DocumentContent } from '~/lib/documents'
import { breakDown, STANDARD_RATE_PERCENT } from '~/lib/vat'

/** Who issues the document: the business details in force (demo values when not given). */
export type Seller = { vatNumber: string | null; details?: BusinessDetails }

export function sellerDetails({
	vatNumber,
	details = DEMO_BUSINESS_DETAILS,
}: Seller): DocumentContent['seller'] {
	return {
		name: details.legalName || details.tradingName,
		address: [...details.address],
		vatNumber,
		email: details.email,
		phone: details.phone,
	}
}

function customerOf(order: OrderRow): DocumentContent['customer'] {
	const d = order.deliveryInfo
	return {
		name: `${d.firstName} ${d.lastName}`.trim(),
		address: [d.address1, d.address2, d.city, d.postcode].filter(Boolean),
	}
}

/** The order's lines as ordered, and delivery as one more line. */
function linesOf(order: OrderRow) {
	const lines = order.cartItems.map((item) => ({
		description: [item.name, item.selectedSize, item.selectedOption].filter(Boolean).join(', '),
		quantity: item.quantity,
		unitGrossPence: item.unitPricePence,
	}))
	if (order.deliveryCostPence)
		lines.push({ description: 'Delivery', quantity: 1, unitGrossPence: order.deliveryCostPence })
	return lines
}

/** A paid order's invoice (VAT-registered seller) or receipt (not registered). */
export function invoiceContent(
	order: OrderRow,
	seller: Seller,
	document: { number: string; issuedAt: Date },
): DocumentContent {
	const vat = seller.vatNumber ? breakDown(linesOf(order), STANDARD_RATE_PERCENT) : null
	const lines =
		vat?.lines ??
		linesOf(order).map((line) => ({
			...line,
			ratePercent: null,
			unitVatPence: 0,
			unitNetPence: line.unitGrossPence,
			netPence: line.unitGrossPence * line.quantity,
			vatPence: 0,
			grossPence: line.unitGrossPence * line.quantity,
		}))
	return {
		title: vat ? 'VAT invoice' : 'Receipt',
		number: document.number,
		issuedAt: document.issuedAt.toISOString(),
		taxPoint: document.issuedAt.toISOString(),
		orderId: order.id,
		seller: sellerDetails(seller),
		customer: customerOf(order),
		lines,
		netPence: vat?.netPence ?? null,
		vatPence: vat?.vatPence ?? null,
		grossPence: lines.reduce((sum, line) => sum + line.grossPence, 0),
	}
}

/**
 * A credit note for a refund of `amountPence` (VAT included) against an invoice: one line, its VAT
 * taken out at the rate the invoice charged, so the VAT account goes down by what it went up.
 */
export function creditNoteContent(
	invoice: DocumentContent,
	refund: { number: string; issuedAt: Date; amountPence: number; reason: string },
): DocumentContent {
	const registered = invoice.vatPence !== null
	// A full refund reverses the invoice line by line, so its VAT comes back to the penny.
	if (refund.amountPence === invoice.grossPence)
		return {
			...invoice,
			title: 'Credit note',
			number: refund.number,
			issuedAt: refund.issuedAt.toISOString(),
			taxPoint: refund.issuedAt.toISOString(),
			refersTo: invoice.number,
			reason: refund.reason,
		}
	const [line] = registered
		? breakDown([{ description: refund.reason, quantity: 1, unitGrossPence: refund.amountPence }])
				.lines
		: [
				{
					description: refund.reason,
					quantity: 1,
					unitGrossPence: refund.amountPence,
					ratePercent: null,
					unitVatPence: 0,
					unitNetPence: refund.amountPence,
					netPence: refund.amountPence,
					vatPence: 0,
					grossPence: refund.amountPence,
				},
			]
	return {
		title: 'Credit note',
		number: refund.number,
		issuedAt: refund.issuedAt.toISOString(),
		taxPoint: refund.issuedAt.toISOString(),
		orderId: invoice.orderId,
		seller: invoice.seller,
		customer: invoice.customer,
		lines: [line!],
		netPence: registered ? line!.netPence : null,
		vatPence: registered ? line!.vatPence : null,
		grossPence: refund.amountPence,
		refersTo: invoice.number,
		reason: refund.reason,
	}
}
