import type { BuildProject } from '~/.server/db/schema'
import { STAFF_INBOX } from '~/.server/email/business-mail'
import { renderEmail, staffLink } from '~/.server/email/layout'
import type { EmailMessage } from '~/.server/email/outbox'
import { formatDate } from '~/lib/dates'
import { formatPence } from '~/lib/money'
import { type Project, toCustomer } from './build-emails'

/**
 * The quote emails (issue 59 items 4 and 7, decision 0037): sent, accepted (the customer's copy
 * of what they signed) and, to the business, a request for a new quote. Beside build-emails.ts,
 * whose customer layout and private link they share.
 */
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
