import { Form, useNavigation } from 'react-router'
import { formatSurveyDay, type SlotDay } from '~/lib/builds/survey-slots'

/**
 * The survey times to choose from, in UK time (issue 59 item 2): one group per day, a radio
 * button per time, taken times shown but not choosable. A plain form: works without JavaScript.
 */
export function SlotPicker({
	days,
	action,
	moving,
	staff = false,
	hidden = {},
}: {
	days: SlotDay[]
	action?: string
	moving: boolean
	/** Staff book for the customer: the button says so. */
	staff?: boolean
	hidden?: Record<string, string>
}) {
	const busy = useNavigation().state === 'submitting'
	if (days.length === 0)
		return (
			<p className="rounded-xl bg-amber-50 p-4 text-amber-950">
				There are no survey times free in the next few weeks. Please call us and we will fit you in.
			</p>
		)
	return (
		<Form method="post" action={action} className="space-y-4" aria-label="Choose a survey time">
			<input type="hidden" name="intent" value="book" />
			{Object.entries(hidden).map(([name, value]) => (
				<input key={name} type="hidden" name={name} value={value} />
			))}
			<p className="text-slate-700">
				All times are UK time. A survey takes about an hour and a half.
			</p>
			<div
				className="max-h-[28rem] space-y-3 overflow-y-auto rounded-xl p-1 ring-1 ring-slate-200"
				data-testid="slot-days"
			>
				{days.map((day) => (
					<fieldset key={day.date} className="rounded-lg bg-slate-50 p-3">
						<legend className="px-1 font-semibold text-pond-900">
							{formatSurveyDay(day.date)}
						</legend>
						<div className="mt-1 flex flex-wrap gap-2">
							{day.slots.map((slot) => (
								<label
									key={slot.startsAt}
									className={
										slot.free
											? 'flex min-h-11 cursor-pointer items-center gap-2 rounded-lg bg-white px-3 ring-1 ring-slate-300 has-[:checked]:bg-pond-700 has-[:checked]:text-white'
											: 'flex min-h-11 items-center gap-2 rounded-lg px-3 text-slate-600 line-through'
									}
								>
									<input
										type="radio"
										name="slot"
										value={slot.startsAt}
										disabled={!slot.free}
										required
										className="size-5 accent-pond-700"
									/>
									{slot.time}
									{slot.free ? null : <span className="sr-only"> (taken)</span>}
								</label>
							))}
						</div>
					</fieldset>
				))}
			</div>
			<button type="submit" className="btn-primary" disabled={busy}>
				{busy
					? 'Booking…'
					: moving
						? `Move ${staff ? 'the' : 'my'} survey to this time`
						: 'Book this survey time'}
			</button>
		</Form>
	)
}
