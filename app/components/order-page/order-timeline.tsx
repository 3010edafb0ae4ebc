import { formatDateTime } from '~/lib/dates'
import type { TimelineEntry } from '~/lib/order-progress'

/**
 * What has happened to the order, oldest first, in the customer's words (no staff notes); each
 * entry with its UK date and time (issue 62 item 8: two changes on one day read in order).
 */
export function CustomerTimeline({ entries }: { entries: TimelineEntry[] }) {
	return (
		<section aria-labelledby="timeline-heading" className="rounded-2xl p-6 ring-1 ring-slate-200">
			<h2 id="timeline-heading" className="text-xl font-semibold text-pond-900">
				Order history
			</h2>
			<ol className="mt-4 space-y-4 border-l-2 border-pond-200 pl-4" data-testid="order-timeline">
				{entries.map((entry, i) => (
					<li key={`${entry.at}-${i}`}>
						<p className="font-semibold text-slate-900">{entry.title}</p>
						<p className="text-sm text-slate-600">
							<time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
						</p>
						{entry.detail ? <p className="text-slate-800">{entry.detail}</p> : null}
					</li>
				))}
			</ol>
		</section>
	)
}
