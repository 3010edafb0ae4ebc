import { type FormEvent, useEffect, useRef } from 'react'
import { Form, Link } from 'react-router'
import { INPUT_CLASS } from '~/components/forms/input-class'
import type { OrderFilters as Filters } from '~/lib/admin-order-schemas'
import { penceToInput } from '~/lib/money'
import { ORDER_STATUSES, statusLabel } from '~/lib/order-status'

/** What each field shows for the filters in force (the URL's). */
export function filterFieldValues(filters: Filters): Record<string, string> {
	return {
		orderId: filters.orderId ?? '',
		status: filters.status ?? '',
		name: filters.name ?? '',
		min: penceToInput(filters.min),
		max: penceToInput(filters.max),
		from: filters.from ?? '',
		to: filters.to ?? '',
	}
}

/**
 * A new URL's filters shown in the fields, except where the person changed a field since they
 * last applied or reset (issue 62 item 9): a status chosen while the previous filter's list was
 * still loading was put back to the old one when that list arrived, and 'Apply Filters' then
 * applied the old filter. Fields stay mounted (no remount by key), so typing keeps its focus.
 */
function useFieldsFollowFilters(filters: Filters) {
	const form = useRef<HTMLFormElement>(null)
	const changed = useRef(new Set<string>())
	const values = JSON.stringify(filterFieldValues(filters))
	useEffect(() => {
		const elements = form.current?.elements
		if (!elements) return
		for (const [name, value] of Object.entries(JSON.parse(values) as Record<string, string>)) {
			const field = elements.namedItem(name)
			if (
				(field instanceof HTMLInputElement || field instanceof HTMLSelectElement) &&
				!changed.current.has(name)
			)
				field.value = value
		}
	}, [values])
	return {
		form,
		onChange: (event: FormEvent<HTMLFormElement>) => {
			const name = (event.target as { name?: unknown }).name
			if (typeof name === 'string' && name) changed.current.add(name)
		},
		/** Applied or reset: from now on the URL's filters are what the fields show. */
		settle: () => changed.current.clear(),
	}
}

/**
 * Spec 'Dashboard filters' behind a Show/Hide Filters toggle. A GET form: the filters live in the
 * URL (bookmarkable) and work without JavaScript; <details> is the toggle for the same reason.
 */
export function OrderFilters({ filters }: { filters: Filters }) {
	const fields = useFieldsFollowFilters(filters)
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
			<Form
				ref={fields.form}
				method="get"
				action="/admin"
				onChange={fields.onChange}
				onSubmit={fields.settle}
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
					<Link to="/admin?panel=open" onClick={fields.settle} className="btn-secondary">
						Reset Filters
					</Link>
				</div>
			</Form>
		</details>
	)
}
