import { addDays, londonDate, startOfLondonDay } from '../london-time'
import { type ScheduleStage, splitSchedule } from './payment-schedule'
import type { ProjectStatus } from './project-status'
import { chosenLines, quoteTotals } from './quote-totals'

/**
 * A quote as its reader sees it (issue 59 item 4, decision 0037): the status with 'expired'
 * derived from the date, and everything the page, the preview and the PDF show for one choice of
 * options. Pure, so the three cannot disagree.
 */
export type QuoteStatus = 'draft' | 'sent' | 'superseded' | 'accepted'
export type ShownQuoteStatus = QuoteStatus | 'expired'

export const QUOTE_STATUS_LABELS: Record<ShownQuoteStatus, string> = {
	draft: 'Draft',
	sent: 'Sent',
	superseded: 'Replaced by a newer version',
	accepted: 'Accepted',
	expired: 'Expired',
}

/** A new version can be drafted while the project is open and no quote is accepted. */
export const canDraftQuote = (status: ProjectStatus) =>
	status === 'enquiry' || status === 'survey_booked' || status === 'surveyed' || status === 'quoted'

/** A quote is valid to the end of its valid-until day, UK time. */
export const quoteExpiresAt = (isoDate: string) => startOfLondonDay(addDays(isoDate, 1))
/** The valid-until day of a stored instant. */
export const validUntilDate = (expiresAt: Date | string) =>
	londonDate(new Date(new Date(expiresAt).getTime() - 1))

/** A sent quote past its date shows as expired (the row stays 'sent'; nothing runs at midnight). */
export function shownStatus(
	quote: { status: QuoteStatus; validUntil: Date | string },
	now: Date,
): ShownQuoteStatus {
	return quote.status === 'sent' && now >= new Date(quote.validUntil) ? 'expired' : quote.status
}

export type ViewLine = {
	id: number
	section: string
	description: string
	quantity: number
	unitPence: number
	optional: boolean
	chosen: boolean
}

export type QuoteForView = {
	version: number
	status: QuoteStatus
	title: string
	intro: string
	terms: string
	validUntil: Date | string
	schedule: ScheduleStage[]
	acceptedAt?: Date | string | null
	acceptedName?: string | null
	acceptedTotalPence?: number | null
	earlyStart?: boolean
}

/**
 * The quote for the options asked (`null`: as stored: the customer's choice once accepted, none
 * ticked before), with the schedule's amounts for that total.
 */
export function quoteView(
	quote: QuoteForView,
	lines: ViewLine[],
	asked: number[] | null,
	now: Date,
) {
	const accepted = quote.status === 'accepted'
	const chosen = chosenLines(lines, accepted ? null : asked)
	const totals = quoteTotals(lines, (l) => chosen.has(l.id))
	const status = shownStatus(quote, now)
	return {
		version: quote.version,
		status,
		title: quote.title,
		intro: quote.intro,
		terms: quote.terms,
		validUntil: validUntilDate(quote.validUntil),
		acceptable: status === 'sent',
		accepted: accepted
			? {
					at: new Date(quote.acceptedAt ?? now).toISOString(),
					name: quote.acceptedName ?? '',
					totalPence: quote.acceptedTotalPence ?? totals.totalPence,
					earlyStart: Boolean(quote.earlyStart),
				}
			: null,
		sections: totals.sections,
		hasOptions: lines.some((l) => l.optional),
		chosen: [...chosen],
		totalPence: totals.totalPence,
		vatPence: totals.vatPence,
		schedule: totals.totalPence > 0 ? splitSchedule(totals.totalPence, quote.schedule) : [],
	}
}
export type QuoteViewModel = ReturnType<typeof quoteView>
