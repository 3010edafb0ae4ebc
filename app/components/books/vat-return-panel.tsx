import { Form } from 'react-router'
import type { VatReturnFigures } from '~/lib/books/vat-return'
import { formatDate, formatDateTime } from '~/lib/dates'
import { formatPence } from '~/lib/money'

type Closed = { closedAt: string; closedBy: string; live: VatReturnFigures } | null

const WHOLE_POUNDS = new Intl.NumberFormat('en-GB', {
	style: 'currency',
	currency: 'GBP',
	maximumFractionDigits: 0,
})

/**
 * The sales side of the VAT return for the period (decision 0031): Box 1 and Box 6 with the sums
 * that make them, the note that the purchase boxes come from the business's own records, and
 * the form that closes the period (after which the stored figures are shown).
 */
export function VatReturnPanel({
	vat,
	closed,
	canClose,
	overlapsClosed,
}: {
	vat: VatReturnFigures
	closed: Closed
	canClose: boolean
	overlapsClosed: Array<{ from: string; to: string }>
}) {
	const changedSince =
		closed && (closed.live.box1Pence !== vat.box1Pence || closed.live.box6Pence !== vat.box6Pence)
	return (
		<section className="mb-8 rounded-xl p-4 ring-1 ring-slate-200" aria-labelledby="vat-return">
			<h2 id="vat-return" className="font-display text-2xl font-bold text-pond-900">
				VAT return figures
			</h2>
			{!vat.registered ? (
				<p className="mt-2 text-slate-700">
					No VAT number is set (Business details), so the shop issues receipts without VAT and there
					is no VAT return to make. The figures below would apply once it is registered.
				</p>
			) : null}
			{closed ? (
				<p className="mt-2 font-medium text-green-900" data-testid="period-closed">
					Closed on {formatDateTime(closed.closedAt)} by {closed.closedBy}: these are the figures
					stored then, and they do not change.
				</p>
			) : null}
			{changedSince ? (
				<p role="note" className="mt-2 rounded bg-amber-50 px-3 py-2 text-amber-900">
					Documents dated in this closed period now add up to Box 1{' '}
					{formatPence(closed.live.box1Pence)} and Box 6 {formatPence(closed.live.box6Pence)}. They
					were issued after it closed: ask your accountant how to correct them in the next return.
				</p>
			) : null}
			<dl className="mt-4 grid gap-3 sm:grid-cols-2">
				<div className="rounded-lg bg-pond-50 p-3">
					<dt className="text-sm text-slate-700">Box 1: VAT due on sales</dt>
					<dd
						className="font-display text-2xl font-bold text-pond-900 tabular-nums"
						data-testid="box-1"
					>
						{formatPence(vat.box1Pence)}
					</dd>
					<dd className="text-sm text-slate-700" data-testid="box-1-sum">
						Invoices {formatPence(vat.invoices.vatPence)} − credit notes{' '}
						{formatPence(vat.creditNotes.vatPence)} = {formatPence(vat.box1Pence)}
					</dd>
				</div>
				<div className="rounded-lg bg-pond-50 p-3">
					<dt className="text-sm text-slate-700">Box 6: total sales excluding VAT</dt>
					<dd
						className="font-display text-2xl font-bold text-pond-900 tabular-nums"
						data-testid="box-6"
					>
						{WHOLE_POUNDS.format(vat.box6Pounds)}
					</dd>
					<dd className="text-sm text-slate-700" data-testid="box-6-sum">
						Invoices {formatPence(vat.invoices.netPence)} − credit notes{' '}
						{formatPence(vat.creditNotes.netPence)}
						{vat.registered && vat.receipts.count
							? ` + receipts ${formatPence(vat.receipts.grossPence)}`
							: ''}{' '}
						= {formatPence(vat.box6Pence)} (whole pounds on the return)
					</dd>
				</div>
			</dl>
			<p className="mt-3 text-sm text-slate-700">
				From {vat.invoices.count} VAT invoice{vat.invoices.count === 1 ? '' : 's'} and{' '}
				{vat.creditNotes.count} credit note
				{vat.creditNotes.count === 1 ? '' : 's'} with their tax point from {formatDate(vat.from)} to{' '}
				{formatDate(vat.to)} (UK dates).
				{vat.receipts.count
					? ` ${vat.receipts.count} receipt${vat.receipts.count === 1 ? '' : 's'} (issued without a VAT number) carry no VAT: ${vat.registered ? 'counted in Box 6 only; check them with your accountant.' : 'not on any return.'}`
					: ''}
			</p>
			<p className="mt-2 text-sm text-slate-700">
				Boxes 4 and 7 (VAT on purchases, and purchases) come from the business's own purchase
				records, not from the shop; so do Boxes 2, 8 and 9 where they apply. Boxes 3 and 5 follow
				from those.
			</p>
			{overlapsClosed.length ? (
				<p className="mt-3 text-sm font-medium text-slate-800">
					Part of this period is in a closed period (
					{overlapsClosed.map((p) => `${formatDate(p.from)} to ${formatDate(p.to)}`).join('; ')}):
					choose that period to see its stored figures.
				</p>
			) : null}
			{canClose ? (
				<Form method="post" className="mt-4">
					<input type="hidden" name="intent" value="close" />
					<input type="hidden" name="from" value={vat.from} />
					<input type="hidden" name="to" value={vat.to} />
					<button type="submit" className="btn-secondary">
						Close this period
					</button>
					<p className="mt-1 text-sm text-slate-700">
						Closing stores these figures as filed. A refund after that gets a credit note dated the
						day it is made, in the open period.
					</p>
				</Form>
			) : null}
		</section>
	)
}
