import { Link } from 'react-router'
import { errorProps, FieldError } from '~/components/forms/field-error'
import { INPUT_CLASS } from '~/components/forms/input-class'
import type { DeliverySettings } from '~/lib/delivery/zones'
import type { FieldErrors } from '~/lib/forms'

/** One number setting of /admin/delivery, with its message beside it. */
export function NumberField({
	name,
	label,
	value,
	errors,
	step = 0.01,
}: {
	name: string
	label: string
	value: string
	errors: FieldErrors
	step?: number
}) {
	const id = `setting-${name}`
	return (
		<div>
			<label htmlFor={id} className="text-sm font-semibold text-slate-800">
				{label}
			</label>
			<input
				id={id}
				name={name}
				type="number"
				min={0}
				step={step}
				defaultValue={value}
				className={INPUT_CLASS}
				{...errorProps(id, errors[name])}
			/>
			<FieldError id={id} error={errors[name]} />
		</div>
	)
}

/** Issue 31 item 3: when customers are reminded that a quoted price is about to end. */
export function QuoteFollowUpFields({
	settings,
	errors,
}: {
	settings: Pick<
		DeliverySettings,
		'reminderHours' | 'lastMorningReminder' | 'unquotedAlertHours' | 'summaryAt' | 'instantQuotes'
	>
	errors: FieldErrors
}) {
	return (
		<fieldset className="grid gap-4 rounded-xl p-4 ring-1 ring-slate-200 sm:grid-cols-2">
			<legend className="px-1 font-display text-lg font-bold text-pond-900">Quote reminders</legend>
			<NumberField
				name="reminderHours"
				label="Remind the customer this many hours before the price ends (0: never)"
				value={String(settings.reminderHours)}
				errors={errors}
				step={1}
			/>
			<label className="flex min-h-11 items-center gap-3 self-end text-sm font-semibold text-slate-800">
				<input
					type="checkbox"
					name="lastMorningReminder"
					defaultChecked={settings.lastMorningReminder}
					className="size-5 accent-koi-700"
				/>
				Also remind them at 9:00 on the last day
			</label>
			<NumberField
				name="unquotedAlertHours"
				label="Flag a request still waiting for a delivery cost after (working hours, Mon–Sat 9:00–17:00)"
				value={String(settings.unquotedAlertHours)}
				errors={errors}
				step={1}
			/>
			<div>
				<label htmlFor="setting-summaryAt" className="text-sm font-semibold text-slate-800">
					Email the morning summary at (UK time; empty: never)
				</label>
				<input
					id="setting-summaryAt"
					name="summaryAt"
					type="time"
					defaultValue={settings.summaryAt}
					className={INPUT_CLASS}
					{...errorProps('setting-summaryAt', errors.summaryAt)}
				/>
				<FieldError id="setting-summaryAt" error={errors.summaryAt} />
				<p className="mt-1 text-sm text-slate-600">
					To see one now,{' '}
					<Link to="/admin/jobs#scheduled-jobs" className="font-semibold text-pond-800 underline">
						send the summary from Background work
					</Link>
					.
				</p>
			</div>
			<label className="flex min-h-11 items-start gap-3 text-sm font-semibold text-slate-800 sm:col-span-2">
				<input
					type="checkbox"
					name="instantQuotes"
					defaultChecked={settings.instantQuotes}
					className="mt-0.5 size-5 shrink-0 accent-koi-700"
				/>
				<span>
					Instant quotes: when these rates price every item of a new request, and there are no
					delivery notes or pallet-access questions to look at, send the quote and payment link at
					once (you can still change or cancel it)
				</span>
			</label>
			<p className="text-sm text-slate-600 sm:col-span-2">
				Each reminder is sent once per quote, with the payment link, and never for an order that has
				been paid, cancelled or re-quoted. A quote sent less than this long before it ends gets no
				early reminder. Customers can stop reminders from the email.
			</p>
		</fieldset>
	)
}
