import type { DocumentContent } from '~/lib/documents'
import { breakDown, STANDARD_RATE_PERCENT } from '~/lib/vat'
import { type Seller, sellerDetails } from './content'

/**
 * A pond build's documents (issue 59 item 9, decision 0038). Each stage payment is an advance
 * payment: its own tax point (the day it was received) for its own amount, VAT at the standard
 * rate included. The final account at completion restates the contract and what was paid; it is
 * not a tax document (each payment's invoice already was), so the books leave it out.
 */
export type BuildCustomer = { name: string; address: string; postcode: string }
export type PaidStage = {
	projectId: string
	label: string
	amountPence: number
	method: 'card' | 'bank_transfer'
}

const customerOf = (c: BuildCustomer): DocumentContent['customer'] => ({
	name: c.name,
	address: [...c.address.split(/\r?\n|,\s*/).filter(Boolean), c.postcode].filter(Boolean),
})

const unregistered = (line: { description: string; quantity: number; unitGrossPence: number }) => ({
	...line,
	ratePercent: null,
	unitVatPence: 0,
	unitNetPence: line.unitGrossPence,
	netPence: line.unitGrossPence * line.quantity,
	vatPence: 0,
	grossPence: line.unitGrossPence * line.quantity,
})

function contentFor(
	seller: Seller,
	lines: Array<{ description: string; quantity: number; unitGrossPence: number }>,
) {
	const vat = seller.vatNumber ? breakDown(lines, STANDARD_RATE_PERCENT) : null
	const rows = vat?.lines ?? lines.map(unregistered)
	return {
		lines: rows,
		netPence: vat?.netPence ?? null,
		vatPence: vat?.vatPence ?? null,
		grossPence: rows.reduce((sum, line) => sum + line.grossPence, 0),
	}
}

const METHOD = { card: 'by card', bank_transfer: 'by bank transfer' } as const

/** The invoice (or receipt, unregistered) for one stage's payment: tax point = the payment date. */
export function stageInvoiceContent(
	stage: PaidStage,
	customer: BuildCustomer,
	seller: Seller,
	document: { number: string; paidAt: Date },
): DocumentContent {
	const figures = contentFor(seller, [
		{
			description: `Pond build ${stage.projectId}: ${stage.label} (advance payment)`,
			quantity: 1,
			unitGrossPence: stage.amountPence,
		},
	])
	return {
		title: figures.vatPence === null ? 'Receipt' : 'VAT invoice',
		number: document.number,
		issuedAt: document.paidAt.toISOString(),
		taxPoint: document.paidAt.toISOString(),
		orderId: stage.projectId,
		seller: sellerDetails(seller),
		customer: customerOf(customer),
		...figures,
		footer: `Thank you. This stage payment was received ${METHOD[stage.method]}; it is part payment of the contract price, and the final account at completion shows every payment.`,
	}
}

/**
 * The final account: the contract total with its VAT, each payment received and the balance.
 * Its figures repeat the stage invoices', so it carries no tax point of its own.
 */
export function finalAccountContent(
	project: { id: string } & BuildCustomer,
	seller: Seller,
	account: NonNullable<DocumentContent['account']>,
	document: { number: string; issuedAt: Date },
): DocumentContent {
	const figures = contentFor(seller, [
		{
			description: `Pond build ${project.id}: the works as accepted`,
			quantity: 1,
			unitGrossPence: account.contractPence,
		},
	])
	return {
		title: 'Final account',
		number: document.number,
		issuedAt: document.issuedAt.toISOString(),
		taxPoint: document.issuedAt.toISOString(),
		orderId: project.id,
		seller: sellerDetails(seller),
		customer: customerOf(project),
		...figures,
		account,
		footer:
			account.balancePence > 0
				? 'The balance is now due: we have emailed you a link to pay it. Each payment has its own VAT invoice.'
				: 'Paid in full, thank you. Each payment has its own VAT invoice, which is the tax document for it.',
	}
}
