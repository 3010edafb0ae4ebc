import { Link } from 'react-router'
import { INPUT_CLASS } from '~/components/forms/input-class'
import type { AdminProductFilters } from '~/lib/catalog/admin-filters'
import { priceLabel } from '~/lib/catalog/product'
import { type CategoryLink, categoryName } from '~/lib/categories'
import { ProductActionButton } from './product-actions'

export type ProductListRow = {
	id: string
	name: string
	code: string
	vendor: string
	category: string
	pricePence: number | null
	hidden: boolean
	fingerprint: string
	hasPhoto: boolean
}

/** The list's filters: a plain GET form, so they work without JavaScript and live in the URL. */
export function ProductFilters({
	filters,
	categories,
}: {
	filters: AdminProductFilters
	categories: CategoryLink[]
}) {
	return (
		<form
			method="get"
			className="mb-6 grid gap-3 rounded-xl p-4 ring-1 ring-slate-200 sm:grid-cols-4"
		>
			<div className="sm:col-span-2">
				<label htmlFor="product-search" className="text-sm font-semibold text-slate-800">
					Search name, code or brand
				</label>
				<input
					id="product-search"
					name="search"
					type="search"
					defaultValue={filters.search}
					className={INPUT_CLASS}
				/>
			</div>
			<div>
				<label htmlFor="product-category" className="text-sm font-semibold text-slate-800">
					Category
				</label>
				<select
					id="product-category"
					name="category"
					defaultValue={filters.category}
					className={INPUT_CLASS}
				>
					<option value="">All categories</option>
					{categories.map((c) => (
						<option key={c.slug} value={c.slug}>
							{c.name}
						</option>
					))}
				</select>
			</div>
			<div>
				<label htmlFor="product-visibility" className="text-sm font-semibold text-slate-800">
					Shown or hidden
				</label>
				<select
					id="product-visibility"
					name="visibility"
					defaultValue={filters.visibility}
					className={INPUT_CLASS}
				>
					<option value="">Both</option>
					<option value="shown">Shown on the shop</option>
					<option value="hidden">Hidden</option>
				</select>
			</div>
			<div className="flex flex-wrap items-center gap-x-6 gap-y-2 sm:col-span-3">
				<label className="flex min-h-11 items-center gap-2 font-medium">
					<input
						type="checkbox"
						name="photo"
						value="missing"
						defaultChecked={filters.noPhoto}
						className="size-5"
					/>
					No photo
				</label>
				<label className="flex min-h-11 items-center gap-2 font-medium">
					<input
						type="checkbox"
						name="price"
						value="none"
						defaultChecked={filters.noPrice}
						className="size-5"
					/>
					Price not available
				</label>
			</div>
			<button type="submit" className="btn-secondary self-end">
				Filter
			</button>
		</form>
	)
}

/** One row per product: cards on a phone, a table's columns from the sm breakpoint. */
export function ProductsTable({
	rows,
	returnTo,
	categories,
}: {
	rows: ProductListRow[]
	returnTo: string
	categories: CategoryLink[]
}) {
	if (rows.length === 0) return <p className="text-slate-700">No products match these filters.</p>
	return (
		<ul className="divide-y divide-slate-200 border-y border-slate-200">
			{rows.map((p) => (
				<li
					key={p.id}
					className="grid gap-1 py-3 sm:grid-cols-[1fr_9rem_8rem_auto] sm:items-center sm:gap-4"
				>
					<div>
						<Link to={`/admin/products/${p.id}`} className="font-semibold text-pond-800 underline">
							{p.name}
						</Link>
						<span className="block text-sm text-slate-600">
							{p.code} · {p.vendor || 'no brand'} · {categoryName(categories, p.category)}
						</span>
						<span className="flex flex-wrap gap-2 text-sm">
							{p.hidden ? (
								<span className="rounded-full bg-slate-200 px-2 font-semibold">Hidden</span>
							) : null}
							{p.hasPhoto ? null : (
								<span className="rounded-full bg-amber-100 px-2 font-semibold text-amber-900">
									No photo
								</span>
							)}
						</span>
					</div>
					<span className="font-medium">{priceLabel(p.pricePence)}</span>
					<span className="text-sm text-slate-700">{p.hidden ? 'Hidden' : 'On the shop'}</span>
					<span className="flex flex-wrap gap-1">
						<ProductActionButton
							intent={p.hidden ? 'show' : 'hide'}
							id={p.id}
							fingerprint={p.fingerprint}
							name={p.name}
							returnTo={returnTo}
						/>
						<ProductActionButton
							intent="duplicate"
							id={p.id}
							fingerprint={p.fingerprint}
							name={p.name}
						/>
						<ProductActionButton
							intent="delete"
							id={p.id}
							fingerprint={p.fingerprint}
							name={p.name}
						/>
					</span>
				</li>
			))}
		</ul>
	)
}
