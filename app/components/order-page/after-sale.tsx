import { Link } from 'react-router'
import { formatDate } from '~/lib/dates'
import { formatPence } from '~/lib/money'
import { orderPath } from '~/lib/order-link-paths'

type AfterSale = {
	requests: Array<{
		id: number
		title: string
		at: string
		status: string
		outcome: string | null
		outcomeNote: string | null
		late: boolean
	}>
	refundedPence: number
	fullyRefunded: boolean
	returnUntil: string | null
	allReturning: boolean
	returnEnded: string | null
	canReport: boolean
}

/**
 * Returns, problem reports and refunds on the customer's order page (issue 30 items 6–8): what
 * was asked and where it stands, and the two actions while they apply.
 */
export function AfterSaleSection({
	orderId,
	orderKey,
	afterSale,
}: {
	orderId: string
	orderKey: string | null
	afterSale: AfterSale
}) {
	const { requests, refundedPence, returnUntil, returnEnded, canReport } = afterSale
	if (!requests.length && !refundedPence && !returnEnded && !canReport) return null
	return (
		<section
			id="requests"
			aria-labelledby="requests-heading"
			className="rounded-2xl p-6 ring-1 ring-slate-200"
		>
			<h2 id="requests-heading" className="text-xl font-semibold text-pond-900">
				Returns and problems
			</h2>
			{refundedPence ? (
				<p className="mt-3 font-semibold text-slate-900" data-testid="refunded">
					{afterSale.fullyRefunded
						? `Refunded ${formatPence(refundedPence)} in full`
						: `Partially refunded ${formatPence(refundedPence)}`}
				</p>
			) : null}
			{requests.length ? (
				<ul className="mt-4 space-y-3">
					{requests.map((r) => (
						<li key={r.id} className="rounded-xl bg-slate-50 p-4">
							<p className="font-semibold text-slate-900">{r.title}</p>
							<p className="text-sm text-slate-700">
								Sent {formatDate(r.at)} · {r.status}
								{r.outcome ? ` · ${r.outcome}` : ''}
								{r.late ? ' · reported more than 24 hours after delivery' : ''}
							</p>
							{r.outcomeNote ? <p className="mt-1 text-slate-800">{r.outcomeNote}</p> : null}
						</li>
					))}
				</ul>
			) : null}
			<div className="mt-4 space-y-3">
				{returnUntil ? (
					<p className="text-slate-800">
						You can return items until <strong>{returnUntil}</strong> (14 days from delivery).{' '}
						<Link to={orderPath(orderId, 'return', orderKey)} className="btn-secondary mt-2">
							Return items
						</Link>
					</p>
				) : afterSale.allReturning ? (
					<p className="text-slate-800">Every item is already being returned.</p>
				) : returnEnded ? (
					<p className="text-slate-800">
						The 14 days to return items ended on {returnEnded}. If something is faulty or damaged,
						please still report it: your statutory rights are not affected.
					</p>
				) : null}
				{canReport ? (
					<p className="text-slate-800">
						Something damaged, faulty, missing or not what you ordered? Please tell us within 24
						hours of delivery if you can, with a photo.{' '}
						<Link to={orderPath(orderId, 'problem', orderKey)} className="btn-secondary mt-2">
							Report a problem
						</Link>
					</p>
				) : null}
			</div>
		</section>
	)
}
