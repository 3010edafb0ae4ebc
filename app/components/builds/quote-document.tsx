import { STAGE_DUE_LABELS } from '~/lib/builds/quote-schemas'
import { QUOTE_STATUS_LABELS, type QuoteViewModel } from '~/lib/builds/quote-view'
import { formatDate, formatDateTime } from '~/lib/dates'
import { formatPence } from '~/lib/money'

/**
 * A build quote as the customer reads it (issue 59 item 4): sections, lines, options, the total
 * with the VAT in it, the payment schedule, the date and the terms. The customer's page puts it
 * inside the accept form (`choosing`: the options are checkboxes named `option`); staff's preview
 * shows the same, read-only.
 */
/** With JavaScript, ticking an option posts 'Update total' at once (the same request as the button). */
function updateTotal(event: React.ChangeEvent<HTMLInputElement>) {
	const form = event.currentTarget.form
	const button = form?.querySelector<HTMLButtonElement>('button[name="intent"][value="update"]')
	if (button) form?.requestSubmit(button)
}

export function QuoteDocument({ view, choosing }: { view: QuoteViewModel; choosing: boolean }) {
	return (
		<div className="space-y-6">
			<div>
				<h2 className="font-display text-2xl font-bold text-pond-900">{view.title}</h2>
				<p className="mt-1 text-slate-700">
					Version {view.version} ·{' '}
					<span data-testid="quote-status">{QUOTE_STATUS_LABELS[view.status]}</span> · valid until{' '}
					{formatDate(view.validUntil)}
				</p>
				{view.intro ? (
					<p className="mt-3 whitespace-pre-line text-slate-800">{view.intro}</p>
				) : null}
			</div>
			{view.sections.map((section) => (
				<section key={section.name} aria-label={section.name}>
					<h3 className="border-b border-slate-300 pb-1 text-lg font-semibold text-pond-900">
						{section.name}
					</h3>
					<ul className="divide-y divide-slate-100">
						{section.lines.map((line) => (
							<li key={line.id} className="flex items-start gap-3 py-2">
								{line.optional ? (
									<input
										type="checkbox"
										id={`option-${line.id}`}
										name={choosing ? 'option' : undefined}
										value={line.id}
										defaultChecked={line.included}
										disabled={!choosing}
										onChange={choosing ? updateTotal : undefined}
										className="mt-1 size-5 shrink-0"
									/>
								) : null}
								<div className="min-w-0 flex-1">
									{line.optional ? (
										<label htmlFor={`option-${line.id}`} className="break-words font-medium">
											{line.description}{' '}
											<span className="text-sm font-normal text-slate-600">(optional)</span>
										</label>
									) : (
										<p className="break-words font-medium">{line.description}</p>
									)}
									<p className="text-sm text-slate-600">
										{line.quantity} × {formatPence(line.unitPence)}
									</p>
								</div>
								<p
									className={`shrink-0 text-right tabular-nums ${line.included ? '' : 'text-slate-500 line-through'}`}
								>
									{formatPence(line.amountPence)}
								</p>
							</li>
						))}
					</ul>
					<p className="mt-1 text-right text-sm text-slate-700">
						{section.name} subtotal:{' '}
						<span className="tabular-nums">{formatPence(section.subtotalPence)}</span>
					</p>
				</section>
			))}
			<dl className="rounded-xl bg-pond-50 p-4" aria-live="polite">
				<div className="flex justify-between gap-3 text-xl font-bold text-pond-900">
					<dt>{view.accepted ? 'Accepted total' : 'Total'} (incl. VAT)</dt>
					<dd data-testid="quote-total" className="tabular-nums">
						{formatPence(view.accepted?.totalPence ?? view.totalPence)}
					</dd>
				</div>
				<div className="flex justify-between gap-3 text-slate-700">
					<dt>VAT at 20% included</dt>
					<dd className="tabular-nums">{formatPence(view.vatPence)}</dd>
				</div>
			</dl>
			{view.accepted ? (
				<p className="rounded-lg bg-green-50 p-3 text-green-950">
					Accepted by {view.accepted.name} on {formatDateTime(view.accepted.at)}
					{view.accepted.earlyStart
						? ', asking for work to start within the 14-day cancellation period.'
						: '.'}
				</p>
			) : null}
			<section aria-labelledby="schedule-heading">
				<h3 id="schedule-heading" className="text-lg font-semibold text-pond-900">
					Payment schedule
				</h3>
				<ul className="mt-2 divide-y divide-slate-100">
					{view.schedule.map((stage) => (
						<li key={stage.label} className="flex justify-between gap-3 py-2">
							<span>
								{stage.label}
								<span className="block text-sm text-slate-600">{STAGE_DUE_LABELS[stage.due]}</span>
							</span>
							<span className="tabular-nums">{formatPence(stage.amountPence)}</span>
						</li>
					))}
				</ul>
			</section>
			<section aria-labelledby="terms-heading">
				<h3 id="terms-heading" className="text-lg font-semibold text-pond-900">
					Terms
				</h3>
				<div className="mt-2 whitespace-pre-line text-sm text-slate-800">{view.terms}</div>
			</section>
		</div>
	)
}
