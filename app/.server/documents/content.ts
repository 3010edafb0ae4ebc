import type { OrderRow } from '~/.server/db/schema'
import { DEMO_BUSINESS_DETAILS } from '~/lib/business'
import type { BusinessDetails } from '~/lib/business-details'
import type { DocumentContent } from '~/lib/documents'
import type { ReturnedGoods } from '~/lib/order-requests'
import { breakDown, breakDownLine, STANDARD_RATE_PERCENT, vatInGross, vatOfPart } from '~/lib/vat'

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
 * What came back, for a return's credit note: invoice line positions (the order's lines, in
 * order), how many of each, and how many of it earlier credit notes gave back; and the invoice's
 * delivery line when this refund gives the delivery back.
 */

type Line = DocumentContent['lines'][number]

/**
 * A credit note for a refund of `amountPence` (VAT included) against an invoice, so the VAT
 * account goes down by what it went up (decision 0022). A full refund repeats the invoice; a
 * return lists what came back, line by line, each giving back its share of the VAT its invoice
 * line charged (and a deduction line when less is refunded); any other refund is one line.
 */
export function creditNoteContent(
	invoice: DocumentContent,
	refund: { number: string; issuedAt: Date; amountPence: number; reason: string },
	returned?: ReturnedGoods,
): DocumentContent {
	const registered = invoice.vatPence !== null
	const heading = {
		title: 'Credit note' as const,
		number: refund.number,
		issuedAt: refund.issuedAt.toISOString(),
		taxPoint: refund.issuedAt.toISOString(),
		refersTo: invoice.number,
		reason: refund.reason,
		// A credit note closes with its own words, whatever the invoice's (a build's) said.
		footer: undefined,
	}
	// A full refund reverses the invoice line by line, so its VAT comes back to the penny.
	if (!returned && refund.amountPence === invoice.grossPence) return { ...invoice, ...heading }
	const line = (description: string, quantity: number, unitGrossPence: number, vat: number) => {
		const row = breakDownLine({
			description,
			quantity,
			unitGrossPence,
			vatPence: registered ? vat : 0,
		})
		return registered ? row : { ...row, ratePercent: null }
	}
	const lines: Line[] = []
	for (const back of returned?.lines ?? []) {
		const invoiced = invoice.lines[back.line]
		if (invoiced)
			lines.push(
				line(
					invoiced.description,
					back.quantity,
					invoiced.unitGrossPence,
					vatOfPart(invoiced, back.before, back.quantity),
				),
			)
	}
	const delivery = returned?.deliveryLine != null ? invoice.lines[returned.deliveryLine] : undefined
	if (delivery) lines.push(line(delivery.description, 1, delivery.grossPence, delivery.vatPence))
	const listed = lines.reduce((sum, l) => sum + l.grossPence, 0)
	const rest = refund.amountPence - listed
	// Less than what came back (a deduction), or a refund that lists no goods: one more line.
	if (rest !== 0 || !lines.length)
		lines.push(
			rest < 0 && lines.length
				? line('Deduction from the refund', 1, rest, vatInGross(rest))
				: line(refund.reason, 1, rest, vatInGross(rest)),
		)
	const sum = (key: 'netPence' | 'vatPence') => lines.reduce((total, l) => total + l[key], 0)
	return {
		...heading,
		orderId: invoice.orderId,
		seller: invoice.seller,
		customer: invoice.customer,
		lines,
		netPence: registered ? sum('netPence') : null,
		vatPence: registered ? sum('vatPence') : null,
		grossPence: refund.amountPence,
	}
}
