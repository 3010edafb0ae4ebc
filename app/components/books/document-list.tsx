import { Link } from 'react-router'
import { formatDate } from '~/lib/dates'
import { formatPence } from '~/lib/money'

export type ListedDocument = {
	number: string
	kind: 'invoice' | 'receipt' | 'credit_note'
	day: string
	customer: string
	refersTo: string | null
	grossPence: number
	vatPence: number | null
	href: string
}

const KIND: Record<ListedDocument['kind'], string> = {
	invoice: 'VAT invoice',
	receipt: 'Receipt',
	credit_note: 'Credit note',
}

/** The period's documents (or those behind one figure), each a link to its PDF. */
export function DocumentList({
	documents,
	heading,
	allHref,
}: {
	documents: ListedDocument[]
	heading: string
	allHref: string | null
}) {
	return (
		<section id="documents" className="mb-8" aria-labelledby="documents-heading">
			<h2 id="documents-heading" className="font-display text-2xl font-bold text-pond-900">
				{heading}
			</h2>
			{allHref ? (
				<Link to={allHref} className="text-sm font-semibold text-pond-700 underline">
					Show every document of the period
				</Link>
			) : null}
			{documents.length === 0 ? (
				<p className="mt-2 text-slate-700">No documents.</p>
			) : (
				<div className="mt-2 overflow-x-auto">
					<table className="w-full min-w-[36rem] text-left text-sm" data-testid="document-list">
						<thead>
							<tr className="text-slate-700">
								<th scope="col" className="py-1 font-semibold">
									Document
								</th>
								<th scope="col" className="py-1 font-semibold">
									Tax point
								</th>
								<th scope="col" className="py-1 font-semibold">
									Customer
								</th>
								<th scope="col" className="py-1 text-right font-semibold">
									Total
								</th>
								<th scope="col" className="py-1 text-right font-semibold">
									VAT
								</th>
							</tr>
						</thead>
						<tbody>
							{documents.map((d) => {
								const sign = d.kind === 'credit_note' ? -1 : 1
								return (
									<tr key={d.number} className="border-t border-slate-100">
										<th scope="row" className="py-1.5 pr-2 font-medium">
											<a href={d.href} className="text-pond-700 underline" download>
												{d.number}
											</a>{' '}
											<span className="text-slate-600">
												{KIND[d.kind]}
												{d.refersTo ? ` for ${d.refersTo}` : ''}
											</span>
										</th>
										<td className="py-1.5 pr-2 whitespace-nowrap">
											{formatDate(`${d.day}T12:00:00Z`)}
										</td>
										<td className="py-1.5 pr-2">{d.customer}</td>
										<td className="py-1.5 text-right tabular-nums">
											{formatPence(sign * d.grossPence)}
										</td>
										<td className="py-1.5 text-right tabular-nums">
											{d.vatPence === null ? 'none' : formatPence(sign * d.vatPence)}
										</td>
									</tr>
								)
							})}
						</tbody>
					</table>
				</div>
			)}
		</section>
	)
}
