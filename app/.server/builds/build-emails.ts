import { latestBusinessDetails } from '~/.server/business/details'
import type { BuildProject, InlineAttachment } from '~/.server/db/schema'
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
import { formatDate } from '~/lib/dates'
import { formatPence } from '~/lib/money'
import { projectPageBlock, withProjectLink } from './project-links'

/**
 * The build emails (issue 59). Every customer email carries the project's private link (filled
 * as it is sent). The first one goes to an address nobody has verified, so, as the contact form's
 * acknowledgement, it repeats nothing the visitor typed: only the project number and choices
 * from fixed lists.
 */
type Project = Pick<BuildProject, 'id' | 'email' | 'type' | 'budget' | 'timescale'>

const toCustomer = (
	project: Project,
	kind: string,
	subject: string,
	heading: string,
	blocks: EmailBlock[],
	attachments?: InlineAttachment[],
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

// ---------------------------------------------------------------- Quotes (decision 0037)

/** A quote sent: the customer reads it, ticks options and accepts on the project's page. */
export function quoteSentEmail(
	project: Project,
	quote: {
		version: number
		title: string
		validUntil: string
		fewestPence: number
		mostPence: number
	},
) {
	const total =
		quote.fewestPence === quote.mostPence
			? formatPence(quote.fewestPence)
			: `${formatPence(quote.fewestPence)}, or up to ${formatPence(quote.mostPence)} with every option`
	return toCustomer(
		project,
		'build-quote-sent',
		quote.version > 1 ? 'Your updated pond quote' : 'Your pond quote',
		quote.version > 1 ? 'Your updated quote is ready' : 'Your quote is ready',
		[
			{ type: 'p', text: 'Hello,' },
			{
				type: 'p',
				text: `Thank you for your patience. Your itemised quote, “${quote.title}”, is on your project page: you can choose the optional extras there and see the total and the payment schedule change as you do.`,
			},
			{
				type: 'table',
				rows: [
					['Quote', `Version ${quote.version}`],
					['Total incl. VAT', total],
					['Valid until', formatDate(quote.validUntil)],
				],
			},
			...(quote.version > 1
				? [{ type: 'p' as const, text: 'This version replaces the one we sent before.' }]
				: []),
			{
				type: 'p',
				text: 'When you are happy, accept it online and pay the deposit. You have 14 days after accepting to change your mind.',
			},
		],
	)
}

/** The customer's copy of what they accepted. */
export function quoteAcceptedEmail(
	project: Project,
	accepted: {
		version: number
		name: string
		totalPence: number
		options: string[]
		stages: Array<{ label: string; amountPence: number }>
		earlyStart: boolean
	},
) {
	return toCustomer(
		project,
		'build-quote-accepted',
		'Thank you: your quote is accepted',
		'Thank you for accepting your quote',
		[
			{ type: 'p', text: `Hello ${accepted.name},` },
			{
				type: 'p',
				text: `You accepted version ${accepted.version} of your quote. A summary for your records:`,
			},
			{
				type: 'table',
				rows: [
					['Total incl. VAT', formatPence(accepted.totalPence)],
					['Options chosen', accepted.options.length ? accepted.options.join('; ') : 'None'],
					...accepted.stages.map((s): [string, string] => [s.label, formatPence(s.amountPence)]),
				],
			},
			{
				type: 'p',
				text: accepted.earlyStart
					? 'You asked us to start work within the 14-day cancellation period. You can still cancel within 14 days of accepting, but you would pay for the work done up to the time you tell us.'
					: 'You can cancel within 14 days of accepting without giving a reason, and we refund what you have paid. We will not start work before then unless you ask us to.',
			},
			{ type: 'p', text: 'The deposit and each stage payment appear on your project page.' },
		],
	)
}

/** To the business: a customer asks for a new quote (theirs expired or was replaced). */
export function quoteRequestStaffEmail(
	project: Pick<BuildProject, 'id' | 'name' | 'postcode'>,
	version: number,
	siteUrl: string,
): EmailMessage {
	return {
		to: STAFF_INBOX,
		kind: 'build-quote-request',
		subject: `Quote ${project.id}: new quote asked for`,
		...renderEmail(`${project.name}, ${project.postcode}, asks for a new quote`, [
			{
				type: 'p',
				text: `Quote version ${version} can no longer be accepted online (expired or replaced). Their message is on the project's timeline.`,
			},
			{
				type: 'button',
				text: 'Open the project',
				href: staffLink(siteUrl, `/admin/projects/${project.id}`),
			},
		]),
	}
}
