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
} from '~/lib/analytics/build-figures'
import type { Range } from '~/lib/analytics/range'
import { addDays, startOfLondonDay } from '~/lib/london-time'
import { rowsOf } from './visit-figures'

/**
 * The insights' 'Pond builds' panel (issue 59 item 11), counted and summed in SQL.
 *
 * The funnel follows this period's enquiries, as the order funnel follows this period's
 * requests: how many had a survey booked (a booking, or staff moving it to surveyed), a quote
 * sent, and a quote accepted, whenever that happened.
 *
 * Value by month (UK months): quoted is each sent quote's total as sent (its required lines and
 * the options ticked by default) in the month it was sent, leaving out versions a later one
 * replaced, so a re-quote is not counted twice; accepted is the total the customer accepted, in
 * the month they accepted it.
 */
export async function buildFigures(db: Db, range: Pick<Range, 'from' | 'to'>) {
	const from = startOfLondonDay(range.from)
	const to = startOfLondonDay(addDays(range.to, 1))
	const month = (at: ReturnType<typeof sql>) =>
		sql`to_char(${at} at time zone 'Europe/London', 'YYYY-MM')`
	const [counts] = rowsOf<BuildCounts>(
		await db.execute(sql`
			select count(*)::int as enquiries,
				count(*) filter (where exists (select 1 from ${surveyBookings} b where b.project_id = p.id)
					or exists (select 1 from ${buildEvents} e where e.project_id = p.id
						and e.to_status in ('survey_booked', 'surveyed')))::int as surveyed,
				count(*) filter (where exists (select 1 from ${buildQuotes} q where q.project_id = p.id
					and q.sent_at is not null))::int as quoted,
				count(*) filter (where exists (select 1 from ${buildQuotes} q where q.project_id = p.id
					and q.status = 'accepted'))::int as accepted
			from ${buildProjects} p where p.created_at >= ${from} and p.created_at < ${to}`),
	)
	const quoted = rowsOf<{ month: string; pence: number }>(
		await db.execute(sql`
			select ${month(sql`q.sent_at`)} as month,
				coalesce(sum(l.quantity::bigint * l.unit_pence) filter (where l.chosen), 0)::float8 as pence
			from ${buildQuotes} q left join ${buildQuoteLines} l on l.quote_id = q.id
			where q.sent_at >= ${from} and q.sent_at < ${to} and q.status <> 'superseded'
			group by 1`),
	)
	const accepted = rowsOf<{ month: string; pence: number }>(
		await db.execute(sql`
			select ${month(sql`accepted_at`)} as month, coalesce(sum(accepted_total_pence), 0)::float8 as pence
			from ${buildQuotes}
			where status = 'accepted' and accepted_at >= ${from} and accepted_at < ${to}
			group by 1`),
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
