import { and, eq, gt, gte, lt, sql } from 'drizzle-orm'
import type { Db } from '~/.server/db/client'
import {
	buildProjects,
	buildQuoteLines,
	buildQuotes,
	buildStages,
	surveyBookings,
} from '~/.server/db/schema'
import { type BuildsSummary, summariseBuilds } from '~/lib/builds/builds-summary'
import { addDays, londonDate, startOfLondonDay } from '~/lib/london-time'

/**
 * The morning summary's 'Pond builds' part (issue 59 item 11), read as it is this morning: live
 * survey bookings today and tomorrow (UK days), sent quotes not yet past their valid-until with
 * their totals (the lines the customer would pay for as sent), and every stage payment due.
 * Handed to the summary by the wiring (the summary itself sits in orders, below builds).
 */
export async function buildsSummary(db: Db, now: Date): Promise<BuildsSummary> {
	const today = londonDate(now)
	const [surveys, quotes, stages] = await Promise.all([
		db
			.select({
				projectId: surveyBookings.projectId,
				startsAt: surveyBookings.startsAt,
				postcode: buildProjects.postcode,
			})
			.from(surveyBookings)
			.innerJoin(buildProjects, eq(buildProjects.id, surveyBookings.projectId))
			.where(
				and(
					eq(surveyBookings.status, 'booked'),
					gte(surveyBookings.startsAt, startOfLondonDay(today)),
					lt(surveyBookings.startsAt, startOfLondonDay(addDays(today, 2))),
				),
			),
		db
			.select({
				totalPence:
					sql<number>`coalesce(sum(${buildQuoteLines.quantity}::bigint * ${buildQuoteLines.unitPence}) filter (where ${buildQuoteLines.chosen}), 0)::bigint`.mapWith(
						Number,
					),
			})
			.from(buildQuotes)
			.leftJoin(buildQuoteLines, eq(buildQuoteLines.quoteId, buildQuotes.id))
			.where(and(eq(buildQuotes.status, 'sent'), gt(buildQuotes.validUntil, now)))
			.groupBy(buildQuotes.id),
		db
			.select({
				projectId: buildStages.projectId,
				label: buildStages.label,
				amountPence: buildStages.amountPence,
				dueAt: buildStages.dueAt,
			})
			.from(buildStages)
			.where(eq(buildStages.status, 'due')),
	])
	return summariseBuilds({ surveys, quotes, stages }, now)
}
