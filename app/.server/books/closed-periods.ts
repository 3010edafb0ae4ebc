import { and, asc, gte, lte, sql } from 'drizzle-orm'
import type { Db } from '~/.server/db/client'
import { vatPeriods } from '~/.server/db/schema'
import { daysIn, FIRST_DAY, MAX_CUSTOM_DAYS } from '~/lib/books/periods'
import { vatReturn } from '~/lib/books/vat-return'
import { allBookDocuments } from './documents'

type Range = { from: string; to: string }

/** Closed periods that share a day with a range, oldest first. */
export function closedPeriodsOverlapping(db: Db, range: Range) {
	return db
		.select()
		.from(vatPeriods)
		.where(and(lte(vatPeriods.fromDate, range.to), gte(vatPeriods.toDate, range.from)))
		.orderBy(asc(vatPeriods.fromDate))
}

export type CloseResult =
	| { ok: true; period: typeof vatPeriods.$inferSelect }
	| { ok: false; message: string }

/**
 * Close a VAT period (decision 0031): its figures, worked out now from its documents, are stored
 * and are what the page shows of it from then on. Refused for a period that has not ended or that
 * overlaps one already closed; the table is locked while checking, so two owners closing at once
 * cannot both succeed.
 */
export async function closePeriod(
	db: Db,
	range: Range,
	options: { today: string; registered: boolean; closedBy: string },
): Promise<CloseResult> {
	if (range.from > range.to) return { ok: false, message: 'The period ends before it starts.' }
	if (range.from < FIRST_DAY || daysIn(range.from, range.to) > MAX_CUSTOM_DAYS)
		return {
			ok: false,
			message: 'A period to close starts in 2000 or later and is at most two years long.',
		}
	if (range.to >= options.today)
		return {
			ok: false,
			message: 'A period can be closed once it has ended: its last day must be before today.',
		}
	const documents = await allBookDocuments(db, range)
	const figures = vatReturn(range, documents, options.registered)
	return db.transaction(async (tx) => {
		await tx.execute(sql`lock table ${vatPeriods} in share row exclusive mode`)
		const [overlap] = await tx
			.select({ from: vatPeriods.fromDate, to: vatPeriods.toDate })
			.from(vatPeriods)
			.where(and(lte(vatPeriods.fromDate, range.to), gte(vatPeriods.toDate, range.from)))
			.limit(1)
		if (overlap)
			return {
				ok: false as const,
				message: `This period overlaps one already closed (${overlap.from} to ${overlap.to}): a closed period's figures never change.`,
			}
		const [period] = await tx
			.insert(vatPeriods)
			.values({ fromDate: range.from, toDate: range.to, figures, closedBy: options.closedBy })
			.returning()
		return { ok: true as const, period: period! }
	})
}
