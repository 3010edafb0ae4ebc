import { Form, Link } from 'react-router'
import { deleteConfirmationPath } from '~/lib/catalog/product-form'
import { formatDateTime } from '~/lib/dates'

const LABEL = { hide: 'Hide', show: 'Show', duplicate: 'Duplicate', delete: 'Delete' } as const

/** One of the list's one-click changes, posted to /admin/products with what the admin saw. */
export function ProductActionButton({
	intent,
	id,
	fingerprint,
	name,
	returnTo,
}: {
	intent: keyof typeof LABEL
	id: string
	fingerprint: string
	name: string
	/** Where to come back to (the list's filters and page). */
	returnTo?: string
}) {
	// Delete asks first, on a page of its own: a link, so it works without the script.
	if (intent === 'delete')
		return (
			<Link
				to={deleteConfirmationPath(id)}
				aria-label={`Delete ${name}`}
				className="inline-flex min-h-11 items-center rounded-lg px-3 font-semibold text-red-800 underline hover:bg-red-50"
			>
				Delete
			</Link>
		)
	return (
		<Form method="post" action="/admin/products" className="inline">
			<input type="hidden" name="intent" value={intent} />
			<input type="hidden" name="id" value={id} />
			<input type="hidden" name="fingerprint" value={fingerprint} />
			{returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : null}
			<button
				type="submit"
				aria-label={`${LABEL[intent]} ${name}`}
				className="min-h-11 rounded-lg px-3 font-semibold text-pond-800 underline hover:bg-pond-50"
			>
				{LABEL[intent]}
			</button>
		</Form>
	)
}

/** A change as the history lists it. */
export type ChangeRow = {
	id: number
	at: Date
	by: string
	action: string
	code: string
	name: string
	detail: string
}

export function ChangeHistory({ changes, title }: { changes: ChangeRow[]; title: string }) {
	if (changes.length === 0) return null
	return (
		<section aria-labelledby="changes" className="mt-10">
			<h2 id="changes" className="font-display text-2xl font-bold text-pond-900">
				{title}
			</h2>
			<ul className="mt-3 space-y-2">
				{changes.map((c) => (
					<li key={c.id} className="text-slate-700">
						<time dateTime={new Date(c.at).toISOString()} className="font-semibold">
							{formatDateTime(c.at)}
						</time>{' '}
						— {c.by}: {c.action} {c.code ? `${c.code} ${c.name}` : ''}
						{c.detail ? <span className="block text-sm text-slate-600">{c.detail}</span> : null}
					</li>
				))}
			</ul>
		</section>
	)
}

/** The editor's shop link and one-click changes. */
export function ProductToolbar({
	product,
	path,
	fingerprint,
}: {
	product: { id: string; name: string; hidden: boolean }
	path: string
	fingerprint: string
}) {
	const common = { id: product.id, fingerprint, name: product.name }
	return (
		<div className="mb-6 flex flex-wrap items-center gap-2">
			{product.hidden ? (
				<span className="rounded-full bg-slate-200 px-3 py-1 text-sm font-semibold">Hidden</span>
			) : (
				<a href={path} className="font-semibold text-pond-800 underline">
					View on the shop
				</a>
			)}
			<ProductActionButton
				intent={product.hidden ? 'show' : 'hide'}
				returnTo={`/admin/products/${product.id}`}
				{...common}
			/>
			<ProductActionButton intent="duplicate" {...common} />
			<ProductActionButton intent="delete" {...common} />
		</div>
	)
}

/**
 * The question before a delete (the editor opened with ?confirm=delete): named, with what it
 * does and how to undo it; the button posts the delete with its 'yes', Cancel goes back.
 */
export function DeleteConfirmation({
	product,
	fingerprint,
}: {
	product: { id: string; name: string; code: string }
	fingerprint: string
}) {
	return (
		<section
			aria-labelledby="delete-title"
			className="mb-8 max-w-3xl rounded-xl border-2 border-red-700 bg-red-50 p-4"
		>
			<h2 id="delete-title" className="font-display text-2xl font-bold text-red-900">
				Delete {product.name}?
			</h2>
			<p className="mt-2 text-slate-800">
				{product.name} ({product.code}) leaves the shop and the catalogue. To undo it, restore the
				previous catalogue version. A product that has been ordered cannot be deleted: hide it
				instead.
			</p>
			<Form method="post" action="/admin/products" className="mt-4 flex flex-wrap gap-3">
				<input type="hidden" name="intent" value="delete" />
				<input type="hidden" name="id" value={product.id} />
				<input type="hidden" name="fingerprint" value={fingerprint} />
				<input type="hidden" name="confirm" value="yes" />
				<button
					type="submit"
					className="min-h-11 rounded-lg bg-red-800 px-5 font-semibold text-white hover:bg-red-900"
				>
					Yes, delete {product.name}
				</button>
				<Link to={`/admin/products/${product.id}`} className="btn-secondary">
					No, keep it
				</Link>
			</Form>
		</section>
	)
}
