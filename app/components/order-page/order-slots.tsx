import type { ComponentProps } from 'react'
import { DocumentList } from '~/components/orders/document-list'

/**
 * The two places on the customer's order page that later parts of issue 30 fill (VAT invoice and
 * credit notes; cancelling, returns, problem reports). Each renders nothing when given nothing.
 */

/** 'Documents': the order's invoice and credit notes, each a PDF download. */
export function OrderDocuments(props: ComponentProps<typeof DocumentList>) {
	if (!props.documents.length) return null
	return (
		<section aria-labelledby="documents-heading" className="rounded-2xl p-6 ring-1 ring-slate-200">
			<h2 id="documents-heading" className="text-xl font-semibold text-pond-900">
				Documents
			</h2>
			<div className="mt-4">
				<DocumentList {...props} />
			</div>
		</section>
	)
}

/** 'What you can do': the actions that apply now (each one a form the caller renders). */
export function OrderActions({ children }: { children?: React.ReactNode }) {
	const items = Array.isArray(children) ? children.filter(Boolean) : children ? [children] : []
	if (items.length === 0) return null
	return (
		<section aria-labelledby="actions-heading" className="rounded-2xl p-6 ring-1 ring-slate-200">
			<h2 id="actions-heading" className="text-xl font-semibold text-pond-900">
				What you can do
			</h2>
			<div className="mt-4 space-y-4">{items}</div>
		</section>
	)
}
