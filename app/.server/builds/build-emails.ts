import { latestBusinessDetails } from '~/.server/business/details'
import type { BuildProject, EmailAttachment, InlineAttachment } from '~/.server/db/schema'
import { STAFF_INBOX } from '~/.server/email/business-mail'
import { type EmailBlock, renderEmail, staffLink } from '~/.server/email/layout'
import type { EmailMessage } from '~/.server/email/outbox'
import {
	BUDGET_LABELS,
	BUILD_TYPE_LABELS,
	HEARD_FROM_LABELS,
	TIMESCALE_LABELS,
} from '~/lib/builds/build-schemas'
import { formatSurveyTime } from '~/lib/builds/survey-slots'
import { projectPageBlock, withProjectLink } from './project-links'

/**
 * The build emails (issue 59). Every customer email carries the project's private link (filled
 * as it is sent). The first one goes to an address nobody has verified, so, as the contact form's
 * acknowledgement, it repeats nothing the visitor typed: only the project number and choices
 * from fixed lists.
 */
export type Project = Pick<BuildProject, 'id' | 'email' | 'type' | 'budget' | 'timescale'>

/** A customer email with the project's private link; quote-emails.ts sends through it too. */
export const toCustomer = (
	project: Project,
	kind: string,
	subject: string,
	heading: string,
	blocks: EmailBlock[],
	attachments?: EmailAttachment[],
): EmailMessage =>
	withProjectLink(project.id, {
		to: project.email,
		kind,
		subject: `${subject} (${project.id})`,
		attachments,
		...renderEmail(heading, [...blocks, projectPageBlock(), callUs(project.id)]),
	})

const callUs = (projectId: string): EmailBlock => ({
	type: 'p',
	text: `Questions? Call us on ${latestBusinessDetails().phone}, quoting project ${projectId}.`,
})

export function enquiryReceivedEmail(project: Project): EmailMessage {
	return toCustomer(
		project,
		'build-enquiry-received',
		'We have your pond enquiry',
		'Thank you for your pond enquiry',
		[
			{ type: 'p', text: 'Hello,' },
			{
				type: 'p',
				text: `Thank you for telling us about your ${BUILD_TYPE_LABELS[project.type].toLowerCase()}. The next step is a site survey: we visit, measure up and talk it through with you, then send an itemised quote.`,
			},
			{
				type: 'table',
				rows: [
					['Project', project.id],
					['Budget', BUDGET_LABELS[project.budget]],
					['Timescale', TIMESCALE_LABELS[project.timescale]],
				],
			},
			{ type: 'p', text: 'You can book a survey time, and follow your project, from its page:' },
		],
	)
}

export function newBuildEnquiryEmail(
	project: BuildProject,
	photos: number,
	siteUrl: string,
): EmailMessage {
	return {
		to: STAFF_INBOX,
		kind: 'build-enquiry-notification',
		subject: `Pond enquiry ${project.id}: ${BUILD_TYPE_LABELS[project.type]}, ${project.postcode}`,
		headers: { 'Reply-To': project.email },
		...renderEmail(`New pond enquiry from ${project.name}`, [
			{
				type: 'table',
				rows: [
					['Type', BUILD_TYPE_LABELS[project.type]],
					['Postcode', `${project.postcode}${project.outsideArea ? ' (outside the area)' : ''}`],
					['Size', project.size],
					['Budget', BUDGET_LABELS[project.budget]],
					['Timescale', TIMESCALE_LABELS[project.timescale]],
					['Heard of us', HEARD_FROM_LABELS[project.heardFrom]],
					['Phone', project.phone],
					['Site photos', String(photos)],
				],
			},
			...(project.details ? [{ type: 'p' as const, text: project.details }] : []),
			{
				type: 'button',
				text: 'Open the project',
				href: staffLink(siteUrl, `/admin/projects/${project.id}`),
			},
		]),
	}
}

export function surveyBookedEmail(
	project: Project,
	startsAt: Date,
	moved: boolean,
	invite: InlineAttachment,
) {
	return toCustomer(
		project,
		moved ? 'survey-moved' : 'survey-booked',
		moved ? 'Your site survey has moved' : 'Your site survey is booked',
		moved ? 'Your site survey has moved' : 'Your site survey is booked',
		[
			{ type: 'p', text: 'Hello,' },
			{
				type: 'p',
				text: `We will visit on ${formatSurveyTime(startsAt)} (UK time). The calendar invite is attached.`,
			},
			{
				type: 'p',
				text: 'Please make sure we can get into the garden. The visit takes about an hour and a half.',
			},
			{
				type: 'p',
				text: 'You can move or cancel it from your project page up to 24 hours before.',
			},
		],
		[invite],
	)
}

export function surveyCancelledEmail(project: Project, startsAt: Date, invite: InlineAttachment) {
	return toCustomer(
		project,
		'survey-cancelled',
		'Your site survey is cancelled',
		'Your site survey is cancelled',
		[
			{ type: 'p', text: 'Hello,' },
			{
				type: 'p',
				text: `The survey on ${formatSurveyTime(startsAt)} is cancelled. You can book another time from your project page whenever suits you.`,
			},
		],
		[invite],
	)
}

export function surveyReminderEmail(project: Project, startsAt: Date) {
	return toCustomer(
		project,
		'survey-reminder',
		'Your site survey is tomorrow',
		'See you tomorrow',
		[
			{ type: 'p', text: 'Hello,' },
			{
				type: 'p',
				text: `A reminder that we visit on ${formatSurveyTime(startsAt)} (UK time) for your site survey.`,
			},
			{ type: 'p', text: 'If you can no longer make it, please call us.' },
		],
	)
}

/** A staff member's message, as written (it goes to the project's own address). */
export function projectMessageEmail(project: Project, text: string) {
	return toCustomer(
		project,
		'project-message',
		'A message about your pond',
		'A message about your pond',
		[{ type: 'p', text }],
	)
}

export function projectStatusEmail(project: Project, heading: string, text: string) {
	return toCustomer(project, 'project-status', heading, heading, [{ type: 'p', text }])
}

/** To the business when a survey is booked, moved or cancelled (by the customer or staff). */
export function surveyStaffEmail(
	project: Pick<BuildProject, 'id' | 'name' | 'postcode'>,
	text: string,
	siteUrl: string,
): EmailMessage {
	return {
		to: STAFF_INBOX,
		kind: 'survey-staff-notice',
		subject: `Survey ${project.id}: ${text}`,
		...renderEmail(`Site survey for ${project.name}, ${project.postcode}`, [
			{ type: 'p', text },
			{
				type: 'button',
				text: 'Open the project',
				href: staffLink(siteUrl, `/admin/projects/${project.id}`),
			},
		]),
	}
}

// --- A finished build (issue 59 item 10): the testimonial request and its arrival ---

/** Asks the customer of a finished build for a few words, answered on their project page. */
export function testimonialRequestEmail(project: Project) {
	return toCustomer(project, 'build-testimonial-request', 'How did we do?', 'How did we do?', [
		{ type: 'p', text: 'Hello,' },
		{
			type: 'p',
			text: 'Now that your pond is finished, would you tell other pond owners what it was like to build it with us? A few sentences are plenty. There is a short form on your project page; we read every one before it goes on our website, and we show only the name and town you give.',
		},
	])
}

/** To the business: a customer's testimonial is waiting to be read and approved. */
export function testimonialArrivedEmail(projectId: string, siteUrl: string): EmailMessage {
	return {
		to: STAFF_INBOX,
		kind: 'build-testimonial-arrived',
		subject: `Testimonial to approve from project ${projectId}`,
		...renderEmail('A testimonial is waiting for approval', [
			{
				type: 'p',
				text: `The customer of project ${projectId} has sent a testimonial. It is hidden until you show it.`,
			},
			{
				type: 'button',
				text: 'Read and approve it',
				href: staffLink(siteUrl, '/admin/testimonials'),
			},
		]),
	}
}
