import { outwardOf } from '~/lib/delivery/postcode'
import { addDays, londonDate } from '~/lib/london-time'

/**
 * The morning summary's 'Pond builds' part (issue 59 item 11): the surveys of today and tomorrow,
 * the quotes the customers still have to accept, and the stage payments due. Gathered in SQL by
 * app/.server/builds/builds-summary.ts, shaped here (pure, so it is tested without a database).
 */
export type BuildsSummary = {
	surveys: Array<{ projectId: string; startsAt: Date; day: 'Today' | 'Tomorrow'; district: string }>
	quotes: { count: number; pence: number }
	stages: Array<{
		projectId: string
		label: string
		amountPence: number
		dueAt: Date | null
		overdue: boolean
	}>
}

export type BuildsSummaryRows = {
	surveys: Array<{ projectId: string; startsAt: Date; postcode: string }>
	/** Sent quotes still open (not past their valid-until), each with its total as sent. */
	quotes: Array<{ totalPence: number }>
	/** Stages with status 'due'. */
	stages: Array<{ projectId: string; label: string; amountPence: number; dueAt: Date | null }>
}

/**
 * The postcode district only ('IV2'): enough for staff to plan a round, and no more of a
 * customer's address than that goes into an email.
 */
export const districtOf = (postcode: string) => outwardOf(postcode)?.outward ?? ''

export function summariseBuilds(rows: BuildsSummaryRows, now: Date): BuildsSummary {
	const today = londonDate(now)
	const tomorrow = addDays(today, 1)
	return {
		surveys: rows.surveys
			.map((s) => ({ ...s, date: londonDate(s.startsAt) }))
			.filter((s) => s.date === today || s.date === tomorrow)
			.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())
			.map((s) => ({
				projectId: s.projectId,
				startsAt: s.startsAt,
				day: s.date === today ? ('Today' as const) : ('Tomorrow' as const),
				district: districtOf(s.postcode),
			})),
		quotes: {
			count: rows.quotes.length,
			pence: rows.quotes.reduce((sum, q) => sum + q.totalPence, 0),
		},
		stages: rows.stages
			.map((s) => ({
				...s,
				// Overdue once its UK due date has passed: a deposit due at acceptance is not overdue
				// the same afternoon.
				overdue: s.dueAt !== null && londonDate(s.dueAt) < today,
			}))
			.sort(
				(a, b) =>
					(a.dueAt?.getTime() ?? Number.MAX_SAFE_INTEGER) -
					(b.dueAt?.getTime() ?? Number.MAX_SAFE_INTEGER),
			),
	}
}

export const isEmptyBuildsSummary = (s: BuildsSummary | null | undefined) =>
	!s || (s.surveys.length === 0 && s.quotes.count === 0 && s.stages.length === 0)
