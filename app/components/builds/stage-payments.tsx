import type { ReactNode } from 'react'
import { type PaymentsView, STAGE_STATUS_LABELS } from '~/lib/builds/payments-view'
import { formatDate } from '~/lib/dates'
import { formatPence } from '~/lib/money'

/**
 * A build's Payments section (issue 59 items 8 and 9, decision 0038), the same table on the
 * customer's page and the admin's: each stage with its amount, status, due and paid dates and
 * method, the customer's Pay button for a due stage, the documents and the totals. The page adds
 * its own forms below (staff: a stage reached, a bank transfer; customer: cancelling).
 */
export function StagePayments({
	view,
	documentHref,
	stageActions,
	children,
}: {
	view: PaymentsView
	/** Where a document downloads from (the customer's path carries the private key). */
	documentHref: (number: string) => string
	/** Staff: the forms for one stage (mark reached, bank transfer). */
	stageActions?: (stage: PaymentsView['stages'][number]) => ReactNode
	children?: ReactNode
}) {
	const { totals } = view
	return (
		<section aria-labelledby="payments-heading" id="payments" className="space-y-4">
			<h2 id="payments-heading" className="font-display text-2xl font-bold text-pond-900">
				Payments
			</h2>
			<ul className="space-y-3">
				{view.stages.map((stage) => (
					<li key={stage.id} className="rounded-xl p-4 ring-1 ring-slate-200" data-testid="stage">
						<div className="flex flex-wrap items-baseline justify-between gap-2">
							<h3 className="font-semibold text-slate-900">{stage.label}</h3>
							<p className="font-bold text-pond-900">{formatPence(stage.amountPence)}</p>
						</div>
						<p className="mt-1 text-sm text-slate-700">
							<span className="font-semibold">{STAGE_STATUS_LABELS[stage.status]}</span>
							{stage.status === 'due' && stage.dueAt
								? ` · please pay by ${formatDate(stage.dueAt)}`
								: ''}
							{stage.paidAt
								? ` · paid ${formatDate(stage.paidAt)} ${stage.paidBy === 'bank_transfer' ? 'by bank transfer' : 'by card'}`
								: ''}
							{stage.refundPence ? ` · ${formatPence(stage.refundPence)} refunded` : ''}
						</p>
						{stage.documents.length ? (
							<p className="mt-1 text-sm">
								{stage.documents.map((number) => (
									<a
										key={number}
										href={documentHref(number)}
										className="mr-3 font-semibold text-pond-800 underline"
									>
										Download {number} (PDF)
									</a>
								))}
							</p>
						) : null}
						{stage.payUrl ? (
							<a href={stage.payUrl} className="btn-primary mt-3 inline-flex">
								Pay {formatPence(stage.amountPence)} now
							</a>
						) : null}
						{stageActions?.(stage)}
					</li>
				))}
			</ul>
			<dl className="grid gap-2 rounded-xl bg-slate-50 p-4 sm:grid-cols-2">
				<Total term="Contract total (incl. VAT)" value={totals.contractPence} />
				<Total term="Paid" value={totals.paidPence} />
				<Total term="Due now" value={totals.duePence} />
				<Total term="Still to come" value={totals.upcomingPence} />
			</dl>
			{view.documents.length ? (
				<div>
					<h3 className="font-semibold text-slate-900">Invoices and documents</h3>
					<ul className="mt-1 space-y-1">
						{view.documents.map((doc) => (
							<li key={doc.number}>
								<a href={documentHref(doc.number)} className="text-pond-800 underline">
									{doc.title} {doc.number}
								</a>{' '}
								<span className="text-sm text-slate-600">
									{formatDate(doc.issuedAt)}, {formatPence(doc.totalPence)}
								</span>
							</li>
						))}
					</ul>
				</div>
			) : null}
			{children}
		</section>
	)
}

function Total({ term, value }: { term: string; value: number }) {
	return (
		<div className="flex justify-between gap-2">
			<dt className="text-slate-700">{term}</dt>
			<dd className="font-semibold text-slate-900">{formatPence(value)}</dd>
		</div>
	)
}
