import { Link } from 'react-router'
import {
	FIGURES,
	type Figure,
	type MoneyReport,
	methodLabel,
	sourceLabel,
} from '~/lib/books/money-report'
import { categoryLabel } from '~/lib/categories'
import { formatPence } from '~/lib/money'

/** The page again with the documents behind one figure listed (`query` is the period's). */
export const showHref = (query: string, show: string) =>
	`?${query}&show=${encodeURIComponent(show)}#documents`

function DocumentsLink({ figure, href, name }: { figure: Figure; href: string; name: string }) {
	const n = figure.documents.length
	if (!n) return <span className="text-sm text-slate-600">No documents</span>
	return (
		<Link to={href} className="text-sm font-semibold text-pond-700 underline">
			{n} document{n === 1 ? '' : 's'}
			<span className="sr-only"> behind {name}</span>
		</Link>
	)
}

/** The headline figures, each with a link to the documents behind it. */
export function MoneyFigures({ report, query }: { report: MoneyReport; query: string }) {
	return (
		<dl className="mb-8 grid grid-cols-2 gap-3 lg:grid-cols-5" data-testid="money-figures">
			{FIGURES.map(([key, name]) => (
				<div key={key} className="rounded-xl p-4 ring-1 ring-slate-200">
					<dt className="text-sm text-slate-700">{name}</dt>
					<dd
						className="font-display text-xl font-bold text-pond-900 tabular-nums"
						data-testid={`figure-${key}`}
					>
						{formatPence(report[key].pence)}
					</dd>
					<dd>
						<DocumentsLink figure={report[key]} href={showHref(query, key)} name={name} />
					</dd>
				</div>
			))}
		</dl>
	)
}

/** Net sales (VAT included) by payment method or by category, a row each. */
export function MoneyBreakdown({
	title,
	rows,
	kind,
	query,
}: {
	title: string
	rows: MoneyReport['byMethod']
	kind: 'method' | 'category' | 'source'
	query: string
}) {
	const label = kind === 'method' ? methodLabel : kind === 'source' ? sourceLabel : categoryLabel
	return (
		<section className="rounded-xl p-4 ring-1 ring-slate-200">
			<h3 className="font-display text-lg font-bold text-pond-900">{title}</h3>
			{rows.length === 0 ? (
				<p className="mt-2 text-slate-700">Nothing in this period.</p>
			) : (
				<table className="mt-2 w-full text-left">
					<thead>
						<tr className="text-sm text-slate-700">
							<th scope="col" className="py-1 font-semibold">
								{kind === 'method' ? 'Paid by' : kind === 'source' ? 'From' : 'Category'}
							</th>
							<th scope="col" className="py-1 text-right font-semibold">
								Net sales
							</th>
							<th scope="col" className="py-1 text-right font-semibold">
								Documents
							</th>
						</tr>
					</thead>
					<tbody>
						{rows.map((row) => (
							<tr key={row.key} className="border-t border-slate-100">
								<th scope="row" className="py-1.5 pr-2 font-medium">
									{label(row.key)}
								</th>
								<td className="py-1.5 text-right tabular-nums">{formatPence(row.pence)}</td>
								<td className="py-1.5 text-right">
									<DocumentsLink
										figure={row}
										href={showHref(query, `${kind}:${row.key}`)}
										name={label(row.key)}
									/>
								</td>
							</tr>
						))}
					</tbody>
				</table>
			)}
		</section>
	)
}
