import type { BuildProject, BuildStage } from '~/.server/db/schema'
import { STAFF_INBOX } from '~/.server/email/business-mail'
import { renderEmail, staffLink } from '~/.server/email/layout'
import type { EmailMessage } from '~/.server/email/outbox'
import { formatDate } from '~/lib/dates'
import { formatPence } from '~/lib/money'
import { toCustomer } from './build-emails'

/**
 * The stage payment emails (issue 59 items 5, 8 and 9, decision 0038): a stage to pay with its
 * link, reminders, the invoice for each payment, the final account and a cancellation's refunds.
 * Each carries the private project link, as every build email does.
 */
type Project = Pick<BuildProject, 'id' | 'email' | 'type' | 'budget' | 'timescale'>
type Stage = Pick<BuildStage, 'label' | 'amountPence' | 'dueAt'>

const dueLine = (stage: Stage) => (stage.dueAt ? formatDate(stage.dueAt) : 'now')

export function stageDueEmail(project: Project, stage: Stage, payLink: string) {
	return toCustomer(
		project,
		'build-stage-due',
		'A stage payment is due',
		'A stage payment is due',
		[
			{ type: 'p', text: 'Hello,' },
			{
				type: 'p',
				text: `Your build has reached the next stage: ${stage.label}. The payment for it is now due.`,
			},
			{
				type: 'table',
				rows: [
					['Stage', stage.label],
					['Amount', formatPence(stage.amountPence)],
					['Please pay by', dueLine(stage)],
				],
			},
			{ type: 'button', text: `Pay ${formatPence(stage.amountPence)}`, href: payLink },
			{
				type: 'p',
				text: 'You can also pay by bank transfer quoting your project number: call us for our bank details.',
			},
		],
	)
}

export function stageReminderEmail(
	project: Project,
	stage: Stage,
	payLink: string,
	kind: 'before' | 'after',
) {
	const heading = kind === 'before' ? 'A stage payment is due soon' : 'A stage payment is overdue'
	return toCustomer(project, `build-stage-reminder-${kind}`, heading, heading, [
		{ type: 'p', text: 'Hello,' },
		{
			type: 'p',
			text:
				kind === 'before'
					? `A reminder that ${formatPence(stage.amountPence)} for ${stage.label.toLowerCase()} is due on ${dueLine(stage)}.`
					: `We have not yet received ${formatPence(stage.amountPence)} for ${stage.label.toLowerCase()}, which was due on ${dueLine(stage)}. If you have paid in the last day or two, thank you, and please ignore this email.`,
		},
		{ type: 'button', text: `Pay ${formatPence(stage.amountPence)}`, href: payLink },
	])
}

export function stagePaidEmail(project: Project, stage: Stage, invoiceNumber: string) {
	return toCustomer(
		project,
		'build-stage-paid',
		'Thank you for your payment',
		'Thank you for your payment',
		[
			{ type: 'p', text: 'Hello,' },
			{
				type: 'p',
				text: `We have received ${formatPence(stage.amountPence)} for ${stage.label.toLowerCase()}. Your invoice ${invoiceNumber} is attached.`,
			},
		],
		[invoiceNumber],
	)
}

export function finalAccountEmail(project: Project, number: string, balancePence: number) {
	return toCustomer(
		project,
		'build-final-account',
		'Your pond is finished: the final account',
		'Your final account',
		[
			{ type: 'p', text: 'Hello,' },
			{
				type: 'p',
				text:
					balancePence > 0
						? `Your pond is finished. The final account ${number} is attached: the balance of ${formatPence(balancePence)} is now due, and we have sent a separate email with the link to pay it.`
						: `Your pond is finished. The final account ${number} is attached: everything is paid. Thank you for choosing us.`,
			},
		],
		[number],
	)
}

export function cancellationEmail(
	project: Project,
	kind: 'cancelled' | 'requested',
	refundPence: number,
) {
	const heading = kind === 'cancelled' ? 'Your build is cancelled' : 'We have your cancellation'
	const text =
		kind === 'requested'
			? 'We have received your request to cancel. As you asked us to start work within the 14 days, we will work out the value of the work done so far, deduct it from what you have paid and refund the rest. We will email you when it is done.'
			: refundPence > 0
				? `Your build is cancelled. We are refunding ${formatPence(refundPence)} to the card (or bank account) you paid from; a credit note follows for each payment refunded. Card refunds usually arrive within 5 to 10 working days.`
				: 'Your build is cancelled. Nothing had been paid, so there is nothing to refund.'
	return toCustomer(project, `build-cancellation-${kind}`, heading, heading, [
		{ type: 'p', text: 'Hello,' },
		{ type: 'p', text },
	])
}

export function stageRefundedEmail(project: Project, stage: Stage, pence: number, note: string) {
	return toCustomer(
		project,
		'build-stage-refunded',
		'Your refund',
		'Your refund',
		[
			{ type: 'p', text: 'Hello,' },
			{
				type: 'p',
				text: `We have refunded ${formatPence(pence)} of your payment for ${stage.label.toLowerCase()}. Credit note ${note} is attached.`,
			},
		],
		[note],
	)
}

/** To the business: something about a build's money needs a person (a request, a stray payment). */
export function paymentsStaffEmail(
	project: Pick<BuildProject, 'id' | 'name'>,
	text: string,
	siteUrl: string,
): EmailMessage {
	return {
		to: STAFF_INBOX,
		kind: 'build-payments-staff-notice',
		subject: `Pond build ${project.id}: ${text}`,
		...renderEmail(`Pond build for ${project.name}`, [
			{ type: 'p', text },
			{
				type: 'button',
				text: 'Open the project',
				href: staffLink(siteUrl, `/admin/projects/${project.id}`),
			},
		]),
	}
}
