import { Form } from 'react-router'
import { errorProps, FieldError } from '~/components/forms/field-error'
import { INPUT_CLASS } from '~/components/forms/input-class'
import type { PaymentsView } from '~/lib/builds/payments-view'
import { DEFAULT_DAYS_TO_PAY } from '~/lib/builds/stage-payments'
import { formatDate } from '~/lib/dates'
import type { FieldErrors } from '~/lib/forms'
import { formatPence } from '~/lib/money'

/**
 * The Payments section's forms (decision 0038): staff mark a stage reached and record a bank
 * transfer, settle an early-start cancellation; the customer cancels within the 14 days. Plain
 * forms: they work without JavaScript, each error under its field.
 */
type Answer =
	| { intent: string; message: string; fieldErrors?: FieldErrors; stageId?: string }
	| undefined
type Stage = PaymentsView['stages'][number]

const errorsFor = (answer: Answer, intent: string, stageId?: number) =>
	answer?.intent === intent && (stageId === undefined || answer.stageId === String(stageId))
		? answer
		: undefined

function Refusal({ answer }: { answer: Answer }) {
	if (!answer) return null
	return (
		<p role="alert" className="mt-2 rounded-lg bg-red-50 px-3 py-2 font-medium text-red-800">
			{answer.message}
		</p>
	)
}

/** Staff: 'Mark stage reached' for a stage not yet due; 'Record bank transfer' for one unpaid. */
export function StageStaffForms({
	stage,
	version,
	answer,
}: {
	stage: Stage
	version: number
	answer: Answer
}) {
	if (stage.status !== 'upcoming' && stage.status !== 'due') return null
	const reached = errorsFor(answer, 'stage-reached', stage.id)
	const bank = errorsFor(answer, 'bank-transfer', stage.id)
	const id = (name: string) => `stage-${stage.id}-${name}`
	return (
		<div className="mt-3 grid gap-4 border-t border-slate-200 pt-3 sm:grid-cols-2">
			{stage.status === 'upcoming' ? (
				<Form method="post" className="space-y-2">
					<input type="hidden" name="intent" value="stage-reached" />
					<input type="hidden" name="stageId" value={stage.id} />
					<input type="hidden" name="version" value={version} />
					<label htmlFor={id('days')} className="block text-sm font-semibold text-slate-800">
						Days to pay
					</label>
					<input
						id={id('days')}
						name="days"
						inputMode="numeric"
						defaultValue={DEFAULT_DAYS_TO_PAY}
						className={INPUT_CLASS}
						{...errorProps(id('days'), reached?.fieldErrors?.days)}
					/>
					<FieldError id={id('days')} error={reached?.fieldErrors?.days} />
					<Refusal answer={reached && !reached.fieldErrors?.days ? reached : undefined} />
					<button type="submit" className="btn-primary">
						Mark stage reached and email the link
					</button>
				</Form>
			) : null}
			<Form method="post" className="space-y-2">
				<input type="hidden" name="intent" value="bank-transfer" />
				<input type="hidden" name="stageId" value={stage.id} />
				<input type="hidden" name="version" value={version} />
				<label htmlFor={id('reference')} className="block text-sm font-semibold text-slate-800">
					Bank transfer reference
				</label>
				<input
					id={id('reference')}
					name="reference"
					maxLength={60}
					className={INPUT_CLASS}
					{...errorProps(id('reference'), bank?.fieldErrors?.reference)}
				/>
				<FieldError id={id('reference')} error={bank?.fieldErrors?.reference} />
				<label htmlFor={id('paid-on')} className="block text-sm font-semibold text-slate-800">
					Date received
				</label>
				<input
					id={id('paid-on')}
					name="paidOn"
					type="date"
					className={INPUT_CLASS}
					{...errorProps(id('paid-on'), bank?.fieldErrors?.paidOn)}
				/>
				<FieldError id={id('paid-on')} error={bank?.fieldErrors?.paidOn} />
				<Refusal answer={bank && !bank.fieldErrors ? bank : undefined} />
				<button type="submit" className="btn-secondary">
					Record {formatPence(stage.amountPence)} paid by bank transfer
				</button>
			</Form>
		</div>
	)
}

/** Staff: settle a cancellation the customer made after asking for an early start. */
export function SettleCancellationForm({
	view,
	version,
	answer,
}: {
	view: PaymentsView
	version: number
	answer: Answer
}) {
	const c = view.cancellation
	if (!c.requested || c.settled) return null
	const errors = errorsFor(answer, 'settle-cancellation')
	return (
		<Form method="post" className="space-y-2 rounded-xl bg-amber-50 p-4">
			<h3 className="font-semibold text-slate-900">Cancellation to settle</h3>
			<p className="text-sm text-slate-800">
				The customer cancelled on {formatDate(c.requested)}, within the 14 days, after asking for an
				early start. Enter the value of the work done: it is kept back, and the rest of the{' '}
				{formatPence(view.totals.paidPence)} paid is refunded with a credit note.
			</p>
			<input type="hidden" name="intent" value="settle-cancellation" />
			<input type="hidden" name="version" value={version} />
			<label htmlFor="work-done" className="block text-sm font-semibold text-slate-800">
				Work done (£, incl. VAT)
			</label>
			<input
				id="work-done"
				name="workDone"
				inputMode="decimal"
				className={INPUT_CLASS}
				{...errorProps('work-done', errors?.fieldErrors?.workDone)}
			/>
			<FieldError id="work-done" error={errors?.fieldErrors?.workDone} />
			<Refusal answer={errors && !errors.fieldErrors ? errors : undefined} />
			<button type="submit" className="btn-primary">
				Cancel the build and refund the rest
			</button>
		</Form>
	)
}

/** The customer: cancel within the 14 days, with a tick to confirm (the confirm step). */
export function CancelBuildForm({ view, answer }: { view: PaymentsView; answer: Answer }) {
	const c = view.cancellation
	if (c.requested)
		return (
			<p className="rounded-xl bg-slate-50 p-4 text-slate-800">
				{c.settled
					? 'Your build is cancelled. Any refund is shown against the payments above.'
					: 'We have your cancellation. We will work out the value of the work done and refund the rest.'}
			</p>
		)
	if (!c.canCancel || !c.until) return null
	const errors = errorsFor(answer, 'cancel-build')
	return (
		<Form method="post" className="space-y-2 rounded-xl p-4 ring-1 ring-slate-200">
			<h3 className="font-semibold text-slate-900">Changed your mind?</h3>
			<p className="text-sm text-slate-800">
				You can cancel until {formatDate(c.until)} (14 days from accepting the quote).{' '}
				{c.earlyStart
					? 'As you asked us to start within those 14 days, we will deduct the value of the work done so far and refund the rest.'
					: 'We will refund everything you have paid.'}
			</p>
			<input type="hidden" name="intent" value="cancel-build" />
			<label htmlFor="cancel-reason" className="block text-sm font-semibold text-slate-800">
				Reason <span className="font-normal text-slate-600">(optional)</span>
			</label>
			<textarea id="cancel-reason" name="reason" maxLength={500} rows={2} className={INPUT_CLASS} />
			<div className="flex items-start gap-2">
				<input
					id="cancel-confirm"
					name="confirm"
					type="checkbox"
					value="yes"
					className="mt-1 size-4"
					{...errorProps('cancel-confirm', errors?.fieldErrors?.confirm)}
				/>
				<label htmlFor="cancel-confirm" className="text-sm text-slate-900">
					I want to cancel my pond build
				</label>
			</div>
			<FieldError id="cancel-confirm" error={errors?.fieldErrors?.confirm} />
			<Refusal answer={errors && !errors.fieldErrors ? errors : undefined} />
			<button type="submit" className="btn-secondary">
				Cancel my build
			</button>
		</Form>
	)
}
