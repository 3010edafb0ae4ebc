import { CheckCircle2, CreditCard, Lock } from 'lucide-react'
import { Form } from 'react-router'
import { PageHeader } from '~/components/content/page-header'
import { useBusiness } from '~/components/layout/use-business'
import { TestPaymentsBanner, useTestPayments } from '~/components/test-payments-notice'
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
	const testPayments = useTestPayments()
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
				{error ? (
					<p role="alert" className="mt-6 rounded-lg bg-red-50 px-4 py-3 font-medium text-red-800">
						{error}
					</p>
				) : null}
				<Form method="post" className="mt-6">
					<button type="submit" className="btn-primary w-full text-lg" disabled={paying}>
						<CreditCard aria-hidden="true" className="size-5" />
						{paying ? 'Opening secure payment…' : `Pay ${total} now`}
					</button>
				</Form>
				<p className="mt-4 flex items-start gap-2 text-sm text-slate-600">
					<Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
					{testPayments
						? 'This shop is running without a card provider, so no card is charged.'
						: 'Card payments are handled by our payment provider; we never see your card details.'}
				</p>
				<p className="mt-4 text-sm text-slate-600">
					{business.tradingName}, {business.address.join(', ')}. This is a stage payment under your
					accepted quote; you will receive a VAT invoice for it.
				</p>
			</div>
		</>
	)
}
