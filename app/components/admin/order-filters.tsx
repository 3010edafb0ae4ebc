import { Form, Link } from 'react-router'
import { INPUT_CLASS } from '~/components/forms/input-class'
import type { OrderFilters as Filters } from '~/lib/admin-order-schemas'
import { penceToInput } from '~/lib/money'
import { ORDER_STATUSES, statusLabel } from '~/lib/order-status'

/**
 * Spec 'Dashboard filters' behind a Show/Hide Filters toggle. A GET form: the filters live in the
 * URL (bookmarkable) and work without JavaScript; <details> is the toggle for the same reason.
 */
export function OrderFilters({ filters }: { filters: Filters }) {
	const active = Boolean(
		filters.orderId ||
			filters.status ||
			filters.name ||
			filters.min !== null ||
			filters.max !== null ||
			filters.from ||
			filters.to,
	)
	return (
		<details
			open={active || filters.panel === 'open'}
			className="group mb-6 rounded-xl bg-pond-50 p-4"
		>
			<summary className="btn-secondary cursor-pointer list-none [&::-webkit-details-marker]:hidden">
				<span className="group-open:hidden">Show Filters</span>
				<span className="hidden group-open:inline">Hide Filters</span>
			</summary>
			{/* Keyed by the filters, so a reset or a new URL shows its own values, not the last typed. */}
			<Form
				key={JSON.stringify(filters)}
				method="get"
				action="/admin"
				className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4"
			>
				<input type="hidden" name="panel" value="open" />
				<label className="text-sm font-semibold text-slate-800">
					Order ID
					<input name="orderId" defaultValue={filters.orderId ?? ''} className={INPUT_CLASS} />
				</label>
				<label className="text-sm font-semibold text-slate-800">
					Status
					<select name="status" defaultValue={filters.status ?? ''} className={INPUT_CLASS}>
						<option value="">All statuses</option>
						{ORDER_STATUSES.map((status) => (
							<option key={status} value={status}>
								{statusLabel(status)}
							</option>
						))}
						<option value="expired">Quote expired (awaiting payment)</option>
					</select>
				</label>
				<label className="text-sm font-semibold text-slate-800">
					Customer Name
					<input name="name" defaultValue={filters.name ?? ''} className={INPUT_CLASS} />
				</label>
				<fieldset className="grid grid-cols-2 gap-2">
					<legend className="text-sm font-semibold text-slate-800">Cost (£)</legend>
					<label className="text-sm text-slate-700">
						Min
						<input
							name="min"
							type="number"
							min={0}
							step={0.01}
							inputMode="decimal"
							defaultValue={penceToInput(filters.min)}
							className={INPUT_CLASS}
						/>
					</label>
					<label className="text-sm text-slate-700">
						Max
						<input
							name="max"
							type="number"
							min={0}
							step={0.01}
							inputMode="decimal"
							defaultValue={penceToInput(filters.max)}
							className={INPUT_CLASS}
						/>
					</label>
				</fieldset>
				<fieldset className="grid grid-cols-2 gap-2 sm:col-span-2">
					<legend className="text-sm font-semibold text-slate-800">Date</legend>
					<label className="text-sm text-slate-700">
						From
						<input
							name="from"
							type="date"
							defaultValue={filters.from ?? ''}
							className={INPUT_CLASS}
						/>
					</label>
					<label className="text-sm text-slate-700">
						To
						<input name="to" type="date" defaultValue={filters.to ?? ''} className={INPUT_CLASS} />
					</label>
				</fieldset>
				<div className="flex flex-wrap items-end gap-3 sm:col-span-2">
					<button type="submit" className="btn-primary">
						Apply Filters
					</button>
					<Link to="/admin?panel=open" className="btn-secondary">
						Reset Filters
					</Link>
				</div>
			</Form>
		</details>
	)
}
