import { Link } from 'react-router'
import { adminDocumentPath } from '~/lib/books/book-document'
import { type MatchedPayout, type PayoutLine, payoutStatusLabel } from '~/lib/books/payouts'
import { formatDate } from '~/lib/dates'
import { formatPence } from '~/lib/money'

const KIND: Record<PayoutLine['kind'], string> = {
	sale: 'Sale',
	refund: 'Refund',
	other: 'Other',
}

/**
 * One payout as the bank statement shows it (amount and date), whether its contents add up, and
 * each sale and refund in it linked to its order and document, with Stripe's fee.
 */
export function PayoutCard({ payout }: { payout: MatchedPayout }) {
	const headingId = `payout-${payout.id}`
	return (
		<section
			className="mb-8 rounded-lg border border-slate-200 p-4"
			aria-labelledby={headingId}
			data-testid="payout"
		>
			<h2 id={headingId} className="font-display text-xl font-bold text-pond-900">
				{formatPence(payout.amountPence)} · {formatDate(payout.arrivalAt)}
			</h2>
			<p className="text-sm text-slate-700">
				{payoutStatusLabel(payout.status)} · Stripe payout {payout.id}
			</p>
			{payout.problems.length ? (
				<div role="alert" className="mt-3 rounded-lg bg-red-50 px-4 py-3 text-red-800">
					<p className="font-semibold">Check this payout before matching it:</p>
					<ul className="list-disc pl-5">
						{payout.problems.map((problem) => (
							<li key={problem}>{problem}</li>
						))}
					</ul>
				</div>
			) : (
				<p className="mt-3 font-medium text-green-900" data-testid="payout-adds-up">
					Adds up: sales {formatPence(payout.salesPence)} − refunds{' '}
					{formatPence(payout.refundsPence)} − Stripe’s fees {formatPence(payout.feesPence)} ={' '}
					{formatPence(payout.netPence)} paid out.
				</p>
			)}
			<div className="mt-3 overflow-x-auto">
				<table className="w-full min-w-[32rem] text-left text-sm">
					<caption className="sr-only">What payout {payout.id} paid out</caption>
					<thead>
						<tr className="text-slate-700">
							<th scope="col" className="py-1 font-semibold">
								Order
							</th>
							<th scope="col" className="py-1 font-semibold">
								Document
							</th>
							<th scope="col" className="py-1 text-right font-semibold">
								Amount
							</th>
							<th scope="col" className="py-1 text-right font-semibold">
								Stripe fee
							</th>
							<th scope="col" className="py-1 text-right font-semibold">
								Net
							</th>
						</tr>
					</thead>
					<tbody>
						{payout.lines.map((line) => (
							<tr key={line.id} className="border-t border-slate-100">
								<th scope="row" className="py-1.5 pr-2 font-medium">
									{KIND[line.kind]}{' '}
									{line.match ? (
										<Link
											to={`/admin/orders/${line.match.orderId}`}
											className="text-pond-700 underline"
										>
											{line.match.orderId}
										</Link>
									) : (
										<span className="text-red-800">
											{line.kind === 'other' ? line.type : 'no order found'}
										</span>
									)}
								</th>
								<td className="py-1.5 pr-2">
									{line.match?.document ? (
										<a
											href={adminDocumentPath({
												orderId: line.match.orderId,
												number: line.match.document,
											})}
											className="text-pond-700 underline"
											download
										>
											{line.match.document}
										</a>
									) : (
										'none'
									)}
								</td>
								<td className="py-1.5 text-right tabular-nums">{formatPence(line.amountPence)}</td>
								<td className="py-1.5 text-right tabular-nums">
									{formatPence(line.feePence ? -line.feePence : 0)}
								</td>
								<td className="py-1.5 text-right tabular-nums">{formatPence(line.netPence)}</td>
							</tr>
						))}
					</tbody>
				</table>
			</div>
		</section>
	)
}
