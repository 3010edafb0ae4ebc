import { sql } from 'drizzle-orm'
import type { Db } from '~/.server/db/client'
import {
	buildEvents,
	buildProjects,
	buildQuoteLines,
	buildQuotes,
	surveyBookings,
} from '~/.server/db/schema'
import {
	type BuildCounts,
	type BuildMonth,
	buildFunnel,
	fillMonths,
	monthsOf,
} from '~/lib/analytics/build-figures'
import type { Range } from '~/lib/analytics/range'
import { addDays, startOfLondonDay } from '~/lib/london-time'
import { rowsOf } from './visit-figures'

/** Each UK month of the range as instants, clipped to the range: grouped by these in SQL. */
function monthBounds(range: Pick<Range, 'from' | 'to'>, from: Date, to: Date) {
	const months = monthsOf(range)
	return months.map((month, i) => {
		const next = months[i + 1] ?? nextMonth(month)
		const starts = startOfLondonDay(`${month}-01`)
		const ends = startOfLondonDay(`${next}-01`)
		return {
			month,
			starts: starts < from ? from : starts,
			ends: ends > to ? to : ends,
		}
	})
}

const nextMonth = (month: string) => {
	const [y, m] = month.split('-').map(Number) as [number, number]
	return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`
}

/**
 * The insights' 'Pond builds' panel (issue 59 item 11), counted and summed in SQL.
 *
 * The funnel follows this period's enquiries, as the order funnel follows this period's
 * requests: how many have since had a survey booked, a quote sent and a quote accepted (their
 * status past that step, or the booking, the move in the timeline or the quote itself).
 *
 * Value by month (UK months): quoted is each sent quote's total as sent (its required lines and
 * the options ticked by default) in the month it was sent, leaving out versions a later one
 * replaced, so a re-quote is not counted twice; accepted is the total the customer accepted, in
 * the month they accepted it.
 */
export async function buildFigures(db: Db, range: Pick<Range, 'from' | 'to'>) {
	const from = startOfLondonDay(range.from)
	const to = startOfLondonDay(addDays(range.to, 1))
	// The months' bounds are worked out here: converting each row's time to UK time in SQL cost
	// 40 µs a row on the embedded database (200 ms for a year's quote lines).
	const months = sql`(values ${sql.join(
		monthBounds(range, from, to).map(
			(m) =>
				sql`(${m.month}, ${m.starts.toISOString()}::timestamptz, ${m.ends.toISOString()}::timestamptz)`,
		),
		sql`, `,
	)}) as m(month, starts, ends)`
	// A project's status says how far it got for most; the others (lost or cancelled on the way,
	// or not there yet) look it up by the project's own index, so no whole table is read.
	const reached = (statuses: string[], event: ReturnType<typeof sql>) =>
		sql`(p.status in (${sql.join(
			statuses.map((st) => sql`${st}`),
			sql`, `,
		)}) or ${event})`
	const [counts] = rowsOf<BuildCounts>(
		await db.execute(sql`
			select count(*)::int as enquiries,
				count(*) filter (where ${reached(
					['survey_booked', 'surveyed', 'quoted', 'accepted', 'in_progress', 'completed'],
					sql`(exists (select 1 from ${surveyBookings} b where b.project_id = p.id)
						or exists (select 1 from ${buildEvents} e where e.project_id = p.id
							and e.to_status in ('survey_booked', 'surveyed')))`,
				)})::int as surveyed,
				count(*) filter (where ${reached(
					['quoted', 'accepted', 'in_progress', 'completed'],
					sql`exists (select 1 from ${buildQuotes} q where q.project_id = p.id
						and q.sent_at is not null)`,
				)})::int as quoted,
				count(*) filter (where ${reached(
					['accepted', 'in_progress', 'completed'],
					sql`exists (select 1 from ${buildQuotes} q where q.project_id = p.id
						and q.status = 'accepted')`,
				)})::int as accepted
			from ${buildProjects} p where p.created_at >= ${from} and p.created_at < ${to}`),
	)
	const quoted = rowsOf<{ month: string; pence: number }>(
		await db.execute(sql`
			select m.month, coalesce(sum(t.pence), 0)::float8 as pence
			from (
				select q.sent_at, (select coalesce(sum(l.quantity::bigint * l.unit_pence), 0)
					from ${buildQuoteLines} l where l.quote_id = q.id and l.chosen) as pence
				from ${buildQuotes} q
				where q.sent_at >= ${from} and q.sent_at < ${to} and q.status <> 'superseded'
			) t join ${months} on t.sent_at >= m.starts and t.sent_at < m.ends
			group by m.month`),
	)
	const accepted = rowsOf<{ month: string; pence: number }>(
		await db.execute(sql`
			select m.month, coalesce(sum(q.accepted_total_pence), 0)::float8 as pence
			from ${buildQuotes} q join ${months} on q.accepted_at >= m.starts and q.accepted_at < m.ends
			where q.status = 'accepted' and q.accepted_at >= ${from} and q.accepted_at < ${to}
			group by m.month`),
	)
	const byMonth = new Map<string, BuildMonth>()
	const row = (m: string) => {
		const found = byMonth.get(m) ?? { month: m, quotedPence: 0, acceptedPence: 0 }
		byMonth.set(m, found)
		return found
	}
	for (const q of quoted) row(q.month).quotedPence += Number(q.pence)
	for (const a of accepted) row(a.month).acceptedPence += Number(a.pence)
	const c = counts ?? { enquiries: 0, surveyed: 0, quoted: 0, accepted: 0 }
	return { counts: c, funnel: buildFunnel(c), months: fillMonths(range, [...byMonth.values()]) }
}

export type BuildFiguresData = Awaited<ReturnType<typeof buildFigures>>
