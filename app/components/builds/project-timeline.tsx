import { PROJECT_STATUS_LABELS, type ProjectStatus } from '~/lib/builds/project-status'
import { formatDateTime } from '~/lib/dates'

export type TimelineEntry = {
	id: number
	at: string
	kind: string
	actor: string
	fromStatus: ProjectStatus | null
	toStatus: ProjectStatus | null
	text: string
	visible: boolean
}

const KIND_LABELS: Record<string, string> = {
	enquiry: 'Enquiry',
	survey: 'Survey',
	message: 'Message',
	note: 'Internal note',
	status: 'Status',
	portfolio: 'Portfolio',
	testimonial: 'Testimonial',
}

/** A project's timeline, newest last for customers, as given. */
export function ProjectTimeline({
	entries,
	staff = false,
}: {
	entries: TimelineEntry[]
	staff?: boolean
}) {
	if (entries.length === 0) return <p className="text-slate-700">Nothing yet.</p>
	return (
		<ol className="space-y-3">
			{entries.map((e) => (
				<li
					key={e.id}
					className={`rounded-lg p-3 ring-1 ${e.kind === 'message' ? 'bg-pond-50 ring-pond-200' : e.visible ? 'bg-white ring-slate-200' : 'bg-amber-50 ring-amber-200'}`}
				>
					<p className="text-sm text-slate-600">
						<time dateTime={e.at}>{formatDateTime(e.at)}</time> · {KIND_LABELS[e.kind] ?? e.kind}
						{staff || e.kind === 'message'
							? ` · ${e.kind === 'message' && !staff ? 'From us' : e.actor}`
							: ''}
						{staff && !e.visible ? ' · not shown to the customer' : ''}
					</p>
					{e.toStatus ? (
						<p className="font-semibold text-pond-900">
							{e.fromStatus ? `${PROJECT_STATUS_LABELS[e.fromStatus]} → ` : ''}
							{PROJECT_STATUS_LABELS[e.toStatus]}
						</p>
					) : null}
					{e.text ? (
						<p className="whitespace-pre-line break-words text-slate-800">{e.text}</p>
					) : null}
				</li>
			))}
		</ol>
	)
}
