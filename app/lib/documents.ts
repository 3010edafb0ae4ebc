import type { VatLineBreakdown } from './vat'

/** What an order page or the admin order view lists of an order's documents. */
export type DocumentSummary = {
	number: string
	title: DocumentContent['title']
	issuedAt: string
	totalPence: number
}

/** 'INV-000123', 'RCT-000123', 'CN-000045', 'FA-000007' (anything else in a download URL is a 404). */
export const DOCUMENT_NUMBER = /^(INV|RCT|CN|FA)-\d{6}$/

export const documentFileName = (number: string) => `${number}.pdf`

/** A document's download on the customer's order page (with the private link's key, if by one). */
export const orderDocumentPath = (orderId: string, number: string, key: string | null) =>
	`/account/orders/${orderId}/documents/${number}${key ? `?key=${encodeURIComponent(key)}` : ''}`

/**
 * What an invoice, receipt or credit note says, frozen when it is issued (HMRC VAT Notice 700/21
 * section 16.3 lists a full VAT invoice's contents; each field below is one of them).
 */
export type DocumentContent = {
	title: 'VAT invoice' | 'Receipt' | 'Credit note' | 'Final account'
	number: string
	/** ISO date-times: the issue date and the tax point (the day the payment was received). */
	issuedAt: string
	taxPoint: string
	orderId: string
	seller: {
		name: string
		address: string[]
		vatNumber: string | null
		email: string
		phone: string
	}
	customer: { name: string; address: string[] }
	/** VAT broken down per line (from each line's total, decision 0022); none on a receipt. */
	lines: Array<Omit<VatLineBreakdown, 'ratePercent'> & { ratePercent: number | null }>
	netPence: number | null
	vatPence: number | null
	grossPence: number
	/** A credit note: the invoice it corrects, and why. */
	refersTo?: string
	reason?: string
	/**
	 * A pond build's final account (decision 0038): the contract total, every payment received
	 * (its invoice's number, date and amount) and the balance still to pay.
	 */
	account?: {
		contractPence: number
		payments: Array<{ number: string; paidAt: string; label: string; amountPence: number }>
		balancePence: number
	}
	/** The closing line, where the order's default does not fit (a build's advance payment). */
	footer?: string
}

/** A pond build's document download on the customer's project page (decision 0038). */
export const projectDocumentPath = (projectId: string, number: string, key: string | null) =>
	`/account/projects/${projectId}/documents/${number}${key ? `?key=${encodeURIComponent(key)}` : ''}`
