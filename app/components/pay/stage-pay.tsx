import { CheckCircle2 } from 'lucide-react'
import { PageHeader } from '~/components/content/page-header'
import { useBusiness } from '~/components/layout/use-business'
import { PayForm } from '~/components/pay/pay-form'
import { TestPaymentsBanner } from '~/components/test-payments-notice'
import { formatDate } from '~/lib/dates'
import { formatPence } from '~/lib/money'

/** What /pay/<token> shows for a pond build stage (decision 0038): project, stage, amount. */
export type StagePayView = {
	state: 'paid' | 'inactive' | 'payable'
	projectId: string
	label: string
	amountPence: number
	dueAt: string | null
	justPaid: boolean
}

export function StagePay({
	page,
	error,
	paying,
}: {
	page: StagePayView
	error?: string
	paying: boolean
}) {
	const business = useBusiness()
	const total = formatPence(page.amountPence)
	const intro = `Pond build ${page.projectId}`
	if (page.state !== 'payable')
		return (
			<>
				<PageHeader
					title={
						page.state === 'paid'
							? page.justPaid
								? 'Payment received'
								: 'Already paid'
							: 'This link is closed'
					}
					intro={intro}
				/>
				<div className="container-page max-w-2xl py-10">
					<p className="flex items-start gap-2 text-lg text-slate-800">
						{page.state === 'paid' ? (
							<CheckCircle2 aria-hidden="true" className="mt-1 size-5 shrink-0 text-green-700" />
						) : null}
						{page.state === 'paid'
							? `Thank you: ${total} for ${page.label.toLowerCase()} is paid. Your invoice is on its way by email and on your project page.`
							: `This payment link no longer takes payments (the stage was paid another way, or the build has changed). Please use the most recent link we emailed you, or call us on ${business.phone}.`}
					</p>
				</div>
			</>
		)
	return (
		<>
			<PageHeader title="Pay a stage of your pond build" intro={intro} />
			<div className="container-page max-w-2xl py-10">
				<TestPaymentsBanner />
				<section aria-labelledby="stage-summary" className="rounded-xl p-6 ring-1 ring-slate-200">
					<h2 id="stage-summary" className="mb-4 font-display text-xl font-bold text-pond-900">
						Project {page.projectId}
					</h2>
					<dl className="space-y-1">
						<div className="flex justify-between gap-4">
							<dt>Stage</dt>
							<dd className="text-right">{page.label}</dd>
						</div>
						{page.dueAt ? (
							<div className="flex justify-between gap-4">
								<dt>Due by</dt>
								<dd>{formatDate(page.dueAt)}</dd>
							</div>
						) : null}
						<div className="flex justify-between gap-4 border-t border-slate-200 pt-2 text-lg font-bold text-pond-900">
							<dt>Amount to pay (incl. VAT)</dt>
							<dd>{total}</dd>
						</div>
					</dl>
				</section>
				<PayForm total={total} paying={paying} error={error} />
				<p className="mt-4 text-sm text-slate-600">
					{business.tradingName}, {business.address.join(', ')}. This is a stage payment under your
					accepted quote; you will receive a VAT invoice for it.
				</p>
			</div>
		</>
	)
}
