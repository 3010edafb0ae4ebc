import { ChevronDown } from 'lucide-react'
import type { ListingOptions } from '~/lib/catalog/listing-options'
import { hasListingOptions, SORTS } from '~/lib/catalog/listing-options'
import { penceToInput } from '~/lib/money'

const FIELD = 'mt-1 block min-h-11 w-full rounded-lg border border-slate-300 px-3 text-base'

/** One bound of the price range, in pounds. */
const PriceField = ({
	label,
	name,
	pence,
}: {
	label: string
	name: string
	pence: number | null
}) => (
	<label className="text-sm font-semibold text-slate-800">
		{label}
		<input name={name} inputMode="decimal" defaultValue={penceToInput(pence)} className={FIELD} />
	</label>
)

/**
 * Sort and filter a category: a plain GET form, so it works before (or without) JavaScript. On a
 * phone it is folded under 'Sort and filter' (open while any applies): unfolded, its four fields
 * filled the first screen before any product. From `sm` up it is one row, always shown.
 */
export function ListingOptionsForm({
	action,
	search,
	options,
	vendors,
}: {
	action: string
	search: string
	options: ListingOptions
	vendors: string[]
}) {
	return (
		<details
			open={hasListingOptions(options)}
			className="group rounded-2xl ring-1 ring-slate-200 sm:details-content:contents"
		>
			<summary className="flex min-h-11 cursor-pointer items-center px-4 font-semibold text-pond-900 sm:hidden">
				Sort and filter
				<ChevronDown
					aria-hidden="true"
					className="ml-auto size-5 transition-transform group-open:rotate-180"
				/>
			</summary>
			<form
				method="get"
				action={action}
				aria-label="Sort and filter"
				className="grid gap-3 p-4 max-sm:pt-0 sm:grid-cols-5 sm:items-end"
			>
				{search ? <input type="hidden" name="search" value={search} /> : null}
				<label className="text-sm font-semibold text-slate-800">
					Sort by
					<select name="sort" defaultValue={options.sort} className={FIELD}>
						{Object.entries(SORTS).map(([value, label]) => (
							<option key={value} value={value}>
								{label}
							</option>
						))}
					</select>
				</label>
				<label className="text-sm font-semibold text-slate-800">
					Brand
					<select name="vendor" defaultValue={options.vendor} className={FIELD}>
						<option value="">All brands</option>
						{vendors.map((vendor) => (
							<option key={vendor} value={vendor}>
								{vendor}
							</option>
						))}
					</select>
				</label>
				<PriceField label="Price from (£)" name="min" pence={options.minPence} />
				<PriceField label="Price to (£)" name="max" pence={options.maxPence} />
				<button type="submit" className="btn-secondary">
					Apply
				</button>
			</form>
		</details>
	)
}
