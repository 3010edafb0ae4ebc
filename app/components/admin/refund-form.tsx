import { Form, useNavigation } from 'react-router'
import { errorProps, FieldError } from '~/components/forms/field-error'
import { INPUT_CLASS } from '~/components/forms/input-class'
import { useFormErrors } from '~/components/forms/use-form-errors'
import type { FieldErrors } from '~/lib/forms'
import { formatPence, penceToInput } from '~/lib/money'
import { RefundSchema } from '~/lib/request-schemas'

export type RefundState = {
	paidPence: number
	refundedPence: number
	leftPence: number
	/** Made by the loader: the same key on a second click refunds once (issue 30 item 8). */
	refundKey: string
}

/**
 * A refund of part or all of what is left of the card payment, with a reason for the credit note.
 * Used on the admin order view and on a return or problem request (with its suggested amount).
 */
export function RefundForm({
	state,
	suggestedPence,
	suggestion,
	fieldErrors,
	idPrefix = 'refund',
}: {
	state: RefundState
	suggestedPence?: number
	suggestion?: string
	fieldErrors?: FieldErrors
	idPrefix?: string
}) {
	const navigation = useNavigation()
	const pending =
		navigation.state === 'submitting' && navigation.formData?.get('intent') === 'refund'
	const form = useFormErrors(RefundSchema, fieldErrors)
	if (state.paidPence === 0) return null
	const summary =
		state.refundedPence === 0
			? `Paid ${formatPence(state.paidPence)} by card`
			: state.leftPence === 0
				? `Paid ${formatPence(state.paidPence)} by card · refunded ${formatPence(state.refundedPence)} in full`
				: `Paid ${formatPence(state.paidPence)} by card · partially refunded ${formatPence(state.refundedPence)} · ${formatPence(state.leftPence)} left`
	return (
		<div className="space-y-2">
			<p className="text-sm text-slate-700" data-testid="refund-summary">
				{summary}
			</p>
			{state.leftPence === 0 ? null : (
				<Form method="post" noValidate onSubmit={form.onSubmit} className="space-y-3">
					<input type="hidden" name="intent" value="refund" />
					<input type="hidden" name="refundKey" value={state.refundKey} />
					{suggestion ? <p className="text-sm text-slate-700">{suggestion}</p> : null}
					<div className="grid gap-3 sm:grid-cols-[10rem_1fr]">
						<div>
							<label
								htmlFor={`${idPrefix}-amount`}
								className="block text-sm font-semibold text-slate-800"
							>
								Amount (£)
							</label>
							<input
								id={`${idPrefix}-amount`}
								name="amount"
								inputMode="decimal"
								defaultValue={suggestedPence ? penceToInput(suggestedPence) : ''}
								onChange={() => form.clear('amount')}
								className={INPUT_CLASS}
								{...errorProps(`${idPrefix}-amount`, form.errors.amount)}
							/>
							<FieldError id={`${idPrefix}-amount`} error={form.errors.amount} />
						</div>
						<div>
							<label
								htmlFor={`${idPrefix}-reason`}
								className="block text-sm font-semibold text-slate-800"
							>
								Reason (printed on the credit note)
							</label>
							<input
								id={`${idPrefix}-reason`}
								name="reason"
								maxLength={200}
								onChange={() => form.clear('reason')}
								className={INPUT_CLASS}
								{...errorProps(`${idPrefix}-reason`, form.errors.reason)}
							/>
							<FieldError id={`${idPrefix}-reason`} error={form.errors.reason} />
						</div>
					</div>
					<button type="submit" className="btn-secondary" disabled={pending}>
						{pending ? 'Refunding…' : 'Refund to card'}
					</button>
				</Form>
			)}
		</div>
	)
}
