import { Form, useNavigation } from 'react-router'
import { priceLabel } from '~/lib/catalog/product'
import type { UploadPreview } from '~/lib/catalog/upload'
import { categoryLabel } from '~/lib/categories'

type Props = { upload: { id: string; fileName: string; preview: UploadPreview } }

const n = (count: number) => count.toLocaleString('en-GB')
const more = (shown: number, total: number) =>
	total > shown ? (
		<p className="mt-1 text-sm text-slate-600">…and {n(total - shown)} more.</p>
	) : null

/** What publishing the checked file would change; the admin publishes or discards it. */
export function CataloguePreview({ upload }: Props) {
	const { preview } = upload
	const busy = useNavigation().state !== 'idle'
	return (
		<section aria-labelledby="preview" className="mb-10 rounded-xl p-6 ring-1 ring-slate-200">
			<h2 id="preview" className="font-display text-2xl font-bold text-pond-900">
				Check before publishing: {upload.fileName}
			</h2>
			<p className="mt-2 text-slate-800">
				{n(preview.products)} products would be published; {n(preview.rejectedCount)} rows are
				rejected and would be left out. Against the live catalogue: {n(preview.addedCount)} added,{' '}
				{n(preview.removedCount)} removed, {n(preview.priceChangedCount)} with a new price.
			</p>
			<h3 className="mt-6 font-display text-lg font-bold text-pond-900">Products per category</h3>
			<table className="mt-2 text-left">
				<thead>
					<tr>
						<th scope="col" className="pr-6">
							Category
						</th>
						<th scope="col">Products</th>
					</tr>
				</thead>
				<tbody>
					{Object.entries(preview.categories).map(([category, count]) => (
						<tr key={category}>
							<td className="pr-6">{categoryLabel(category)}</td>
							<td>{n(count)}</td>
						</tr>
					))}
				</tbody>
			</table>
			{preview.rejectedCount > 0 ? (
				<>
					<h3 className="mt-6 font-display text-lg font-bold text-red-800">Rejected rows</h3>
					<ul className="mt-2 list-disc pl-6 text-slate-800">
						{preview.rejected.map((row) => (
							<li key={row.line}>
								Line {row.line}: {row.reason}
							</li>
						))}
					</ul>
					{more(preview.rejected.length, preview.rejectedCount)}
				</>
			) : null}
			<ChangeList title="Added" items={preview.added} total={preview.addedCount} />
			<ChangeList title="Removed" items={preview.removed} total={preview.removedCount} />
			{preview.priceChangedCount > 0 ? (
				<>
					<h3 className="mt-6 font-display text-lg font-bold text-pond-900">Price changes</h3>
					<ul className="mt-2 list-disc pl-6 text-slate-800">
						{preview.priceChanged.map((p) => (
							<li key={p.code}>
								{p.name} ({p.code}): {priceLabel(p.fromPence)} → {priceLabel(p.toPence)}
							</li>
						))}
					</ul>
					{more(preview.priceChanged.length, preview.priceChangedCount)}
				</>
			) : null}
			<div className="mt-8 flex flex-wrap gap-4">
				<Form method="post">
					<input type="hidden" name="upload" value={upload.id} />
					<button
						type="submit"
						name="intent"
						value="publish"
						className="btn-primary"
						disabled={busy}
					>
						Publish this catalogue
					</button>
				</Form>
				<Form method="post">
					<input type="hidden" name="upload" value={upload.id} />
					<button
						type="submit"
						name="intent"
						value="discard"
						className="btn-secondary"
						disabled={busy}
					>
						Discard
					</button>
				</Form>
			</div>
		</section>
	)
}

function ChangeList({
	title,
	items,
	total,
}: {
	title: string
	items: Array<{ code: string; name: string }>
	total: number
}) {
	if (total === 0) return null
	return (
		<>
			<h3 className="mt-6 font-display text-lg font-bold text-pond-900">{title}</h3>
			<ul className="mt-2 list-disc pl-6 text-slate-800">
				{items.map((p) => (
					<li key={p.code}>
						{p.name} ({p.code})
					</li>
				))}
			</ul>
			{more(items.length, total)}
		</>
	)
}
