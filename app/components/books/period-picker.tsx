import { Form } from 'react-router'
import { INPUT_CLASS } from '~/components/forms/input-class'
import type { Period } from '~/lib/books/periods'
import { cn } from '~/lib/cn'
import { MONTH_NAMES as MONTHS } from '~/lib/dates'

const LABEL = 'text-sm font-semibold text-slate-700'

/**
 * The period form: a GET, so a view can be bookmarked. Month and VAT quarter read the month
 * field, the tax year its year, custom the two dates; the quarter start defaults to the saved one.
 */
export function PeriodPicker({
	period,
	quarterStartMonth,
}: {
	period: Period
	quarterStartMonth: number
}) {
	return (
		<Form method="get" className="mb-6 flex flex-wrap items-end gap-3" aria-label="Period">
			<label className={LABEL}>
				Period
				<select name="period" defaultValue={period.kind} className={cn(INPUT_CLASS, 'mt-1 block')}>
					<option value="month">Month</option>
					<option value="quarter">VAT quarter</option>
					<option value="tax-year">Tax year (6 Apr to 5 Apr)</option>
					<option value="custom">Custom dates</option>
				</select>
			</label>
			<label className={LABEL}>
				Month (month or quarter)
				<input
					type="month"
					name="month"
					defaultValue={period.from.slice(0, 7)}
					className={cn(INPUT_CLASS, 'mt-1 block')}
				/>
			</label>
			<label className={LABEL}>
				Quarters start in
				<select
					name="qs"
					defaultValue={String(quarterStartMonth)}
					className={cn(INPUT_CLASS, 'mt-1 block')}
				>
					{MONTHS.map((name, i) => (
						<option key={name} value={i + 1}>
							{name}
						</option>
					))}
				</select>
			</label>
			<label className={LABEL}>
				Tax year from April
				<input
					type="number"
					name="year"
					inputMode="numeric"
					defaultValue={period.from.slice(0, 4)}
					className={cn(INPUT_CLASS, 'mt-1 block w-28')}
				/>
			</label>
			<label className={LABEL}>
				From
				<input
					type="date"
					name="from"
					defaultValue={period.from}
					className={cn(INPUT_CLASS, 'mt-1 block')}
				/>
			</label>
			<label className={LABEL}>
				To
				<input
					type="date"
					name="to"
					defaultValue={period.to}
					className={cn(INPUT_CLASS, 'mt-1 block')}
				/>
			</label>
			<button type="submit" className="btn-secondary">
				Show
			</button>
		</Form>
	)
}
