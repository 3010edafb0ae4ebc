import type { Db } from '~/.server/db/client'
import type { BuildCancellation, BuildProject, BuildStage } from '~/.server/db/schema'
import { projectDocumentSummaries } from '~/.server/documents/project-documents'
import { payUrl } from '~/.server/payments/provider'
import type { PaymentsView } from '~/lib/builds/payments-view'
import { canCancelAt, cancellableUntil, stageTotals } from '~/lib/builds/stage-payments'
import type { DocumentSummary } from '~/lib/documents'
import { cancellationOf } from './cancellations'
import { acceptanceOf } from './stage-payments'
import { stagesOf } from './stages'

/**
 * The Payments section's read model (decision 0038), the same for the customer's page and the
 * admin's: each stage, the documents, the totals and where a cancellation stands. A due stage's
 * pay link is only for the customer's view (its token is the credential).
 */
export async function paymentsView(
	db: Db,
	project: Pick<BuildProject, 'id' | 'status'>,
	options: PaymentsOptions,
): Promise<PaymentsView | null> {
	const stages = await stagesOf(db, project.id)
	if (!stages.length) return null
	const [documents, acceptance, cancellation] = await Promise.all([
		projectDocumentSummaries(db, project.id),
		acceptanceOf(db, project.id),
		cancellationOf(db, project.id),
	])
	return paymentsFrom({ stages, documents, acceptance, cancellation }, project, options)
}

type PaymentsOptions = { siteUrl: string; now: Date; forCustomer: boolean }

/** What the Payments section is made from (read here, or in the customer page's one statement). */
export type PaymentRows = {
	stages: Array<
		Pick<
			BuildStage,
			| 'id'
			| 'label'
			| 'amountPence'
			| 'status'
			| 'dueAt'
			| 'paidAt'
			| 'paidBy'
			| 'refundPence'
			| 'paymentLinkId'
		>
	>
	documents: Array<DocumentSummary & { stageId: number | null }>
	acceptance: { acceptedAt: Date | null; earlyStart: boolean } | undefined
	cancellation: Pick<BuildCancellation, 'requestedAt' | 'settledAt' | 'workDonePence'> | undefined
}

export function paymentsFrom(
	{ stages, documents, acceptance, cancellation }: PaymentRows,
	project: Pick<BuildProject, 'status'>,
	options: PaymentsOptions,
): PaymentsView | null {
	if (!stages.length) return null
	const open = project.status === 'accepted' || project.status === 'in_progress'
	const acceptedAt = acceptance?.acceptedAt ?? null
	return {
		stages: stages.map((s) => ({
			id: s.id,
			label: s.label,
			amountPence: s.amountPence,
			status: s.status,
			dueAt: s.dueAt?.toISOString() ?? null,
			paidAt: s.paidAt?.toISOString() ?? null,
			paidBy: (s.paidBy as 'card' | 'bank_transfer' | null) ?? null,
			refundPence: s.refundPence,
			payUrl:
				options.forCustomer && s.status === 'due' && s.paymentLinkId && open
					? new URL(payUrl(options.siteUrl, s.paymentLinkId)).pathname
					: null,
			documents: documents.filter((d) => d.stageId === s.id).map((d) => d.number),
		})),
		documents: documents.map(({ stageId: _, ...d }) => d),
		totals: stageTotals(stages),
		cancellation: {
			canCancel: open && !cancellation && canCancelAt(acceptedAt, options.now),
			until: acceptedAt ? cancellableUntil(acceptedAt).toISOString() : null,
			earlyStart: acceptance?.earlyStart ?? false,
			requested: cancellation?.requestedAt.toISOString() ?? null,
			settled: cancellation?.settledAt?.toISOString() ?? null,
			workDonePence: cancellation?.workDonePence ?? null,
		},
	}
}
