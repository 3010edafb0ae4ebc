import type { DocumentSummary } from '~/lib/documents'

/** A build's Payments section as both project pages show it (decision 0038). */
export type PaymentsView = {
	stages: Array<{
		id: number
		label: string
		amountPence: number
		status: 'upcoming' | 'due' | 'paid' | 'refunding' | 'refunded' | 'cancelled'
		dueAt: string | null
		paidAt: string | null
		paidBy: 'card' | 'bank_transfer' | null
		refundPence: number | null
		/** The customer's /pay/<token> for a due stage (never on the admin page). */
		payUrl: string | null
		/** This stage's invoice and credit notes. */
		documents: string[]
	}>
	documents: DocumentSummary[]
	totals: { contractPence: number; paidPence: number; duePence: number; upcomingPence: number }
	cancellation: {
		canCancel: boolean
		/** The end of the 14 days. */
		until: string | null
		earlyStart: boolean
		requested: string | null
		settled: string | null
		workDonePence: number | null
	}
}

export const STAGE_STATUS_LABELS: Record<PaymentsView['stages'][number]['status'], string> = {
	upcoming: 'Not yet due',
	due: 'Due',
	paid: 'Paid',
	refunding: 'Refund on its way',
	refunded: 'Refunded',
	cancelled: 'Cancelled',
}
