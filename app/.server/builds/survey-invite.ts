import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator'
import type { InlineAttachment } from '~/.server/db/schema'
import type { BusinessDetails } from '~/lib/business-details'

/**
 * The site survey as a calendar invite (issue 59 item 2, decision 0034): ical-generator writes
 * the times as UTC instants ('…Z'), which every calendar shows at the right UK time on either
 * side of a clock change. One UID per project's survey, its SEQUENCE raised by each move, so a
 * moved survey's invite replaces the old one; a cancelled one is sent as METHOD:CANCEL.
 */
export function surveyInvite(
	business: BusinessDetails,
	survey: {
		projectId: string
		startsAt: Date
		endsAt: Date
		sequence: number
		address: string
		postcode: string
		cancelled?: boolean
	},
): InlineAttachment {
	const calendar = ical({
		name: `${business.tradingName} site survey`,
		prodId: { company: business.tradingName, product: 'Site surveys', language: 'EN' },
		method: survey.cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.PUBLISH,
	})
	calendar.createEvent({
		id: `survey-${survey.projectId}@${business.email.split('@')[1] ?? 'pond-builds'}`,
		sequence: survey.sequence,
		start: survey.startsAt,
		end: survey.endsAt,
		summary: `Pond site survey with ${business.tradingName}`,
		location: `${survey.address}, ${survey.postcode}`,
		description: `Our surveyor visits to measure up and talk your pond through (project ${survey.projectId}). To move or cancel, use the link in your email or call ${business.phone}.`,
		organizer: { name: business.tradingName, email: business.email },
		status: survey.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
	})
	return {
		filename: 'site-survey.ics',
		contentType: `text/calendar; charset=utf-8; method=${survey.cancelled ? 'CANCEL' : 'PUBLISH'}`,
		content: calendar.toString(),
	}
}
