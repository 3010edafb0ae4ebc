import { FileText } from 'lucide-react'
import { formatDate } from '~/lib/dates'
import type { DocumentSummary } from '~/lib/documents'
import { formatPence } from '~/lib/money'

/** An order's invoice and credit notes, each a PDF download (the order page and the admin view). */
export function DocumentList({
	documents,
	hrefFor,
}: {
	documents: DocumentSummary[]
	hrefFor: (number: string) => string
}) {
	if (!documents.length) return null
	return (
		<ul className="space-y-2">
			{documents.map((doc) => (
				<li key={doc.number}>
					<a
						href={hrefFor(doc.number)}
						download
						className="inline-flex min-h-11 items-center gap-2 font-semibold text-pond-800 underline underline-offset-2 hover:text-pond-900"
					>
						<FileText aria-hidden="true" className="size-5 shrink-0" />
						<span>
							{doc.title} {doc.number} (PDF)
							<span className="block text-sm font-normal text-slate-600 no-underline">
								{formatDate(doc.issuedAt)} · {formatPence(doc.totalPence)}
							</span>
						</span>
					</a>
				</li>
			))}
		</ul>
	)
}
