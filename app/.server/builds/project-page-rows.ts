import { sql } from 'drizzle-orm'
import type { Db } from '~/.server/db/client'
import { rows } from '~/.server/db/rows'
import {
	type BuildQuote,
	type BuildQuoteLine,
	type BuildStage,
	type buildEvents,
	orderDocuments,
} from '~/.server/db/schema'
import { DOCUMENT_ORDER } from '~/.server/documents/issue'
import type { BuildSettings } from '~/lib/builds/survey-slots'
import type { DocumentSummary } from '~/lib/documents'
import { buildSettingsFrom } from './settings'

/**
 * Every row the customer's project page shows, in one statement: the timeline, the survey
 * booking, photos, payment stages, documents, cancellation, quotes with their lines, and what the
 * survey calendar is worked out from (takenSlots and getBuildSettings read the same). The embedded
 * database answers one statement at a time, and each costs about as much in passing as in
 * running: the page's eleven reads made 16 customers at once wait 192 ms at p99, where one
 * statement of eight subqueries took what two single reads do (bench/RESULTS.md, bench:builds).
 * The admin's page reads the same tables through each module's own reader. Each quote's lines
 * are read inside it, by their index: a join with the quotes was planned as a scan of every line.
 */
export async function projectPageRows(db: Db, projectId: string, now: Date) {
	const [found] = await rows<Record<(typeof PARTS)[number], unknown>>(
		db,
		sql`select
			(select coalesce(json_agg(json_build_object('id', e.id, 'at', e.at, 'kind', e.kind,
				'actor', e.actor, 'fromStatus', e.from_status, 'toStatus', e.to_status, 'text', e.text,
				'visible', e.visible) order by e.at, e.id), '[]'::json)
				from build_events e where e.project_id = ${projectId}) as events,
			(select json_build_object('startsAt', b.starts_at, 'endsAt', b.ends_at)
				from survey_bookings b where b.project_id = ${projectId} and b.status = 'booked'
				limit 1) as booking,
			(select coalesce(json_agg(json_build_object('id', p.id, 'width', p.width,
				'height', p.height) order by p.position), '[]'::json)
				from build_photos p where p.project_id = ${projectId}) as photos,
			(select coalesce(json_agg(json_build_object('id', s.id, 'label', s.label,
				'amountPence', s.amount_pence, 'status', s.status, 'dueAt', s.due_at,
				'paidAt', s.paid_at, 'paidBy', s.paid_by, 'refundPence', s.refund_pence,
				'paymentLinkId', s.payment_link_id) order by s.quote_id, s.position), '[]'::json)
				from build_stages s where s.project_id = ${projectId}) as stages,
			(select coalesce(json_agg(json_build_object('number', ${orderDocuments.number},
				'title', ${orderDocuments.content}->>'title', 'issuedAt', ${orderDocuments.issuedAt},
				'totalPence', ${orderDocuments.totalPence}, 'stageId', ${orderDocuments.buildStageId})
				order by ${sql.join([...DOCUMENT_ORDER], sql`, `)}), '[]'::json)
				from ${orderDocuments} where ${orderDocuments.projectId} = ${projectId}) as documents,
			(select json_build_object('requestedAt', c.requested_at, 'settledAt', c.settled_at,
				'workDonePence', c.work_done_pence)
				from build_cancellations c where c.project_id = ${projectId}) as cancellation,
			(select coalesce(json_agg(json_build_object('id', q.id, 'version', q.version,
				'title', q.title, 'status', q.status, 'validUntil', q.valid_until, 'sentAt', q.sent_at,
				'acceptedAt', q.accepted_at, 'acceptedTotalPence', q.accepted_total_pence,
				'earlyStart', q.early_start,
				'lines', (select coalesce(json_agg(json_build_object('section', l.section,
					'quantity', l.quantity, 'unitPence', l.unit_pence, 'optional', l.optional)
					order by l.position, l.id), '[]'::json)
					from build_quote_lines l where l.quote_id = q.id and q.status <> 'draft'))
				order by q.version desc), '[]'::json)
				from build_quotes q where q.project_id = ${projectId}) as quotes,
			(select s.settings from build_settings s order by s.id desc limit 1) as settings,
			(select coalesce(json_agg(b.starts_at), '[]'::json) from survey_bookings b
				where b.status = 'booked' and b.starts_at >= ${now.toISOString()}::timestamptz) as taken`,
	)
	const part = <T>(name: (typeof PARTS)[number]) => parsed(found?.[name]) as T
	// The customer's: sent versions and later, never drafts.
	const sent = part<QuoteRow[]>('quotes').filter((q) => q.status !== 'draft')
	const quotes = sent.map(({ lines: _, ...q }) => ({
		...q,
		validUntil: new Date(q.validUntil),
		sentAt: at(q.sentAt),
		acceptedAt: at(q.acceptedAt),
	}))
	const accepted = quotes.find((q) => q.status === 'accepted')
	const cancellation = part<CancellationRow | null>('cancellation')
	const booking = part<{ startsAt: string; endsAt: string } | null>('booking')
	return {
		events: part<EventRow[]>('events').map((e) => ({ ...e, at: new Date(e.at) })),
		booking: booking
			? { startsAt: new Date(booking.startsAt), endsAt: new Date(booking.endsAt) }
			: undefined,
		photos: part<Array<{ id: number; width: number; height: number }>>('photos'),
		stages: part<StageRow[]>('stages').map((s) => ({
			...s,
			dueAt: at(s.dueAt),
			paidAt: at(s.paidAt),
		})),
		documents: part<Array<DocumentSummary & { stageId: number | null; issuedAt: string }>>(
			'documents',
		).map((d) => ({ ...d, issuedAt: new Date(d.issuedAt).toISOString() })),
		cancellation: cancellation
			? {
					requestedAt: new Date(cancellation.requestedAt),
					settledAt: at(cancellation.settledAt),
					workDonePence: cancellation.workDonePence,
				}
			: undefined,
		acceptance: accepted
			? { acceptedAt: accepted.acceptedAt, earlyStart: accepted.earlyStart }
			: undefined,
		quotes,
		lines: sent.flatMap((q) => q.lines.map((l) => ({ ...l, quoteId: q.id }))),
		/** For the survey calendar: the settings, and the start of every slot booked from now on. */
		settings: buildSettingsFrom(part<Partial<BuildSettings> | null>('settings') ?? undefined),
		taken: new Set(part<string[]>('taken').map((startsAt) => new Date(startsAt).getTime())),
	}
}

const PARTS = [
	'events',
	'booking',
	'photos',
	'stages',
	'documents',
	'cancellation',
	'quotes',
	'settings',
	'taken',
] as const

// PGlite and node-postgres both hand json back parsed; a driver that did not would give text.
const parsed = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value)
const at = (value: string | null) => (value ? new Date(value) : null)

type CancellationRow = {
	requestedAt: string
	settledAt: string | null
	workDonePence: number | null
}
type EventRow = Omit<typeof buildEvents.$inferSelect, 'projectId' | 'at'> & { at: string }
type StageRow = Pick<
	BuildStage,
	'id' | 'label' | 'amountPence' | 'status' | 'paidBy' | 'refundPence' | 'paymentLinkId'
> & { dueAt: string | null; paidAt: string | null }
type QuoteRow = Pick<
	BuildQuote,
	'id' | 'version' | 'title' | 'status' | 'acceptedTotalPence' | 'earlyStart'
> & {
	validUntil: string
	sentAt: string | null
	acceptedAt: string | null
	lines: Array<Pick<BuildQuoteLine, 'section' | 'quantity' | 'unitPence' | 'optional'>>
}
