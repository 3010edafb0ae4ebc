import { errorProps, FieldError } from '~/components/forms/field-error'
import type { SiteAccess } from '~/lib/delivery/suggest'
import type { FieldErrors } from '~/lib/forms'

const choices = {
	lorryAccess: [
		['yes', 'Yes'],
		['no', 'No'],
		['not_sure', 'Not sure'],
	],
	tailLift: [
		['yes', 'Yes'],
		['no', 'No'],
	],
} as const

/**
 * Issue 19: what the courier needs for pond equipment (pallets of liner, large filters). All
 * optional; we use it to quote the right vehicle.
 */
export function SiteAccessFields({
	values,
	errors,
	onEdit,
}: {
	values: SiteAccess | null
	errors: FieldErrors
	onEdit: (field: string) => void
}) {
	return (
		<fieldset className="space-y-4 rounded-xl p-4 ring-1 ring-slate-200">
			<legend className="px-1 font-semibold text-pond-900">
				Access for delivery <span className="font-normal text-slate-600">(optional)</span>
			</legend>
			<p className="text-sm text-slate-600">
				Large items come on a pallet by lorry. Telling us now helps us quote the right vehicle.
			</p>
			<Choice
				name="lorryAccess"
				legend="Can a 7.5-tonne lorry reach the drop-off point?"
				options={choices.lorryAccess}
				value={values?.lorryAccess ?? ''}
			/>
			<div>
				<label htmlFor="gate-width" className="block text-sm font-semibold text-slate-800">
					Narrowest gate or path width, in cm
				</label>
				<input
					id="gate-width"
					name="gateWidthCm"
					type="number"
					inputMode="numeric"
					min={30}
					max={1000}
					step={1}
					defaultValue={values?.gateWidthCm ?? ''}
					onChange={() => onEdit('gateWidthCm')}
					className="mt-1 block min-h-11 w-40 rounded-lg border border-slate-300 px-3 text-base"
					{...errorProps('gate-width', errors.gateWidthCm)}
				/>
				<FieldError id="gate-width" error={errors.gateWidthCm} />
			</div>
			<Choice
				name="tailLift"
				legend="Will the driver need a tail lift?"
				options={choices.tailLift}
				value={values?.tailLift ?? ''}
			/>
		</fieldset>
	)
}

function Choice({
	name,
	legend,
	options,
	value,
}: {
	name: string
	legend: string
	options: ReadonlyArray<readonly [string, string]>
	value: string
}) {
	return (
		<fieldset>
			<legend className="text-sm font-semibold text-slate-800">{legend}</legend>
			<div className="mt-2 flex flex-wrap gap-4">
				{options.map(([v, label]) => (
					<label key={v} className="flex min-h-11 items-center gap-2 text-slate-800">
						<input
							type="radio"
							name={name}
							value={v}
							defaultChecked={value === v}
							className="size-5 accent-pond-700"
						/>
						{label}
					</label>
				))}
			</div>
		</fieldset>
	)
}
