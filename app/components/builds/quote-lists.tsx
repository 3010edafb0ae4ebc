import { Form, Link } from 'react-router'
import { INPUT_CLASS } from '~/components/forms/input-class'
import { QUOTE_STATUS_LABELS, type ShownQuoteStatus } from '~/lib/builds/quote-view'
import { formatDate } from '~/lib/dates'
import { formatPence } from '~/lib/money'

/** A project's quote versions (issue 59 items 3, 4 and 6), for staff and for the customer. */
export type QuoteListEntry = {
	id: number
	version: number
	title: string
	status: ShownQuoteStatus
	validUntil: string
	acceptedTotalPence: number | null
	fewestPence: number
	mostPence: number
}

const total = (q: QuoteListEntry) =>
	q.acceptedTotalPence !== null
		? formatPence(q.acceptedTotalPence)
		: q.fewestPence === q.mostPence
			? formatPence(q.fewestPence)
			: `${formatPence(q.fewestPence)} to ${formatPence(q.mostPence)}`

function Entry({ q, href }: { q: QuoteListEntry; href: string }) {
	return (
		<li className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
			<Link to={href} className="min-w-0 break-words font-semibold text-pond-800 underline">
				Version {q.version}: {q.title}
			</Link>
			<span className="text-slate-700">
				<span data-testid={`quote-${q.version}-status`}>{QUOTE_STATUS_LABELS[q.status]}</span> ·{' '}
				{total(q)} · valid until {formatDate(q.validUntil)}
			</span>
		</li>
	)
}

/** Staff: every version with its status and total, and 'New quote' (not for the bookkeeper). */
export function AdminQuotes({
	projectId,
	quotes,
	templates,
	canDraft,
	edit,
	message,
}: {
	projectId: string
	quotes: QuoteListEntry[]
	templates: Array<{ id: number; name: string }>
	canDraft: boolean
	/** Whether the viewer may write quotes at all (the templates are writers' pages). */
	edit: boolean
	message?: string
}) {
	return (
		<>
			{quotes.length ? (
				<ul className="divide-y divide-slate-100">
					{quotes.map((q) => (
						<Entry key={q.id} q={q} href={`/admin/projects/${projectId}/quotes/${q.id}`} />
					))}
				</ul>
			) : (
				<p className="text-slate-700">No quotes yet.</p>
			)}
			{message ? (
				<p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 font-medium text-red-800">
					{message}
				</p>
			) : null}
			{canDraft && edit ? (
				<Form
					method="post"
					className="mt-4 grid grid-cols-1 gap-2 sm:grid-cols-[1fr_auto] sm:items-end"
				>
					<input type="hidden" name="intent" value="new-quote" />
					<div className="min-w-0">
						<label htmlFor="quote-from" className="block text-sm font-semibold text-slate-800">
							Start the new quote from
						</label>
						<select id="quote-from" name="from" className={INPUT_CLASS} defaultValue="blank">
							<option value="blank">A blank quote</option>
							{quotes.length ? <option value="latest">A copy of the latest version</option> : null}
							{templates.map((t) => (
								<option key={t.id} value={`template:${t.id}`}>
									Template: {t.name}
								</option>
							))}
						</select>
					</div>
					<button type="submit" className="btn-primary">
						New quote
					</button>
				</Form>
			) : null}
			{edit ? (
				<p className="mt-3">
					<Link to="/admin/projects/quote-templates" className="text-pond-800 underline">
						Quote templates
					</Link>
				</p>
			) : null}
		</>
	)
}

/** The customer: the current version first, older ones kept readable. */
export function CustomerQuotes({
	quotes,
	hrefFor,
}: {
	quotes: QuoteListEntry[]
	hrefFor: (version: number) => string
}) {
	return (
		<ul className="mt-3 divide-y divide-slate-100">
			{quotes.map((q) => (
				<Entry key={q.id} q={q} href={hrefFor(q.version)} />
			))}
		</ul>
	)
}
