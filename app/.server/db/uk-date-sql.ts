import { type SQL, sql } from 'drizzle-orm'

/**
 * `formatDateTime` ('18 Jan 2027, 10:00', UK time) inside a statement, for text written by SQL
 * alone (the quote reminders' timeline notes: 10,000 at once would otherwise come back to the
 * server's thread only to be formatted). The month names are Intl's own, so both say 'Sept';
 * uk-date-sql.test.ts checks the two agree across the clock changes.
 */
const MONTHS = JSON.stringify(
	Array.from({ length: 12 }, (_, month) =>
		new Intl.DateTimeFormat('en-GB', { month: 'short', timeZone: 'UTC' }).format(
			Date.UTC(2001, month, 15),
		),
	),
)

export function ukDateTimeSql(timestamp: SQL) {
	const local = sql`(${timestamp} at time zone 'Europe/London')`
	return sql`(extract(day from ${local})::int::text || ' '
		|| (${MONTHS}::jsonb ->> (extract(month from ${local})::int - 1)) || ' '
		|| extract(year from ${local})::int::text || ', ' || to_char(${local}, 'HH24:MI'))`
}
