import { FileText } from 'lucide-react'
import type { OrderDocument } from '~/lib/order-documents'

/**
 * The two places on the customer's order page that later parts of issue 30 fill (VAT invoice and
 * credit notes; cancelling, returns, problem reports). Each renders nothing when given nothing.
 */

/** 'Documents': a download link per document the loader lists (`documents`). */
export function OrderDocuments({ documents }: { documents?: OrderDocument[] }) {
	if (!documents?.length) return null
	return (
		<section aria-labelledby="documents-heading" className="rounded-2xl p-6 ring-1 ring-slate-200">
			<h2 id="documents-heading" className="text-xl font-semibold text-pond-900">
				Documents
			</h2>
			<ul className="mt-4 space-y-3">
				{documents.map((doc) => (
					<li key={doc.href} className="flex flex-wrap items-center gap-x-3 gap-y-1">
						<FileText aria-hidden="true" className="size-5 text-koi-700" />
						{/* A download, not a page: never handed to the client-side router. */}
						<a href={doc.href} className="font-semibold text-pond-700 hover:underline" download>
							{doc.label}
						</a>
						{doc.detail ? <span className="text-sm text-slate-600">{doc.detail}</span> : null}
					</li>
				))}
			</ul>
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
