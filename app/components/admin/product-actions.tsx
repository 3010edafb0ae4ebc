import { Form } from 'react-router'
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
	return (
		<Form method="post" action="/admin/products" className="inline">
			<input type="hidden" name="intent" value={intent} />
			<input type="hidden" name="id" value={id} />
			<input type="hidden" name="fingerprint" value={fingerprint} />
			{returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : null}
			<button
				type="submit"
				aria-label={`${LABEL[intent]} ${name}`}
				className={
					intent === 'delete'
						? 'min-h-11 rounded-lg px-3 font-semibold text-red-800 underline hover:bg-red-50'
						: 'min-h-11 rounded-lg px-3 font-semibold text-pond-800 underline hover:bg-pond-50'
				}
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
