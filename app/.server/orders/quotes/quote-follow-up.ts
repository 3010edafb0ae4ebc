import { eq } from 'drizzle-orm'
import type { Tx } from '~/.server/db/client'
import { type OrderRow, type PaymentLink, paymentLinks } from '~/.server/db/schema'
import { getDeliverySettings } from '~/.server/delivery/settings'
import { staffLink } from '~/.server/email/layout'
import { newQuoteRequestedEmails, quoteExpiredEmail } from '~/.server/email/quote-emails'
import { enqueueJob } from '~/.server/jobs/queue'
import {
	cleanUpAtProvider,
	isQuoteExpired,
	type OrderPaymentLink,
	revokeActiveLinks,
	setReminderTimes,
} from '~/.server/payments/links'
import { payUrl } from '~/.server/payments/provider'
import { formatDateTime } from '~/lib/dates'
import { atLondonTime, londonDate } from '~/lib/london-time'
import { type ActionDeps, nowOf } from '../lifecycle/deps'
import { type Change, transition } from '../lifecycle/lifecycle'

/**
 * What happens to a quote after it is sent (issue 31 items 3 and 4): a reminder before its price
 * ends (and, if chosen, on its last morning), then its link is switched off when it ends. The
 * reminder times are kept on the link (a new delivery cost is a new link and so a new series) and
 * sent by a scan of every due reminder (`quote-reminders.ts`), woken by a job at each time; the
 * expiry is a one-off job keyed by the link, which does nothing once the link is not current.
 */
export const QUOTE_REMINDERS_JOB = 'quote-reminders'
export const QUOTE_EXPIRY_JOB = 'quote-expiry'

export type ReminderKind = 'before' | 'last-morning'

/** When a quote given now ends, and its reminders: read before the transaction that issues it. */
export async function quoteTerms(deps: ActionDeps) {
	const settings = await getDeliverySettings(deps.db)
	const issuedAt = nowOf(deps)
	return {
		issuedAt,
		expiresAt: new Date(issuedAt.getTime() + settings.quoteValidDays * 86_400_000),
		reminderHours: settings.reminderHours,
		lastMorningReminder: settings.lastMorningReminder,
	}
}
export type QuoteTerms = Awaited<ReturnType<typeof quoteTerms>>

/** The reminder times of a quote; none that would fall before it was sent or after it ends. */
export function reminderTimes(terms: QuoteTerms): Array<{ kind: ReminderKind; at: Date }> {
	const times: Array<{ kind: ReminderKind; at: Date }> = []
	const { issuedAt, expiresAt } = terms
	if (terms.reminderHours > 0) {
		const at = new Date(expiresAt.getTime() - terms.reminderHours * 3_600_000)
		if (at > issuedAt) times.push({ kind: 'before', at })
	}
	if (terms.lastMorningReminder) {
		const at = atLondonTime(londonDate(expiresAt), '09:00')
		// Not on top of the early reminder, and only while there is still part of a day to pay in.
		const early = times[0]?.at.getTime()
		const apart = early === undefined || Math.abs(at.getTime() - early) > 6 * 3_600_000
		if (at > issuedAt && at < expiresAt && apart) times.push({ kind: 'last-morning', at })
	}
	return times
}

/**
 * Sets a new link's reminder times and queues its expiry, in the transaction that issues the link.
 * Each reminder time gets a wake-up job keyed by the moment: quotes falling due together share it.
 */
export async function scheduleQuoteFollowUp(
	tx: Tx,
	terms: QuoteTerms,
	quote: { orderId: string; linkId: string },
) {
	const times = reminderTimes(terms)
	const at = (kind: ReminderKind) => times.find((time) => time.kind === kind)?.at ?? null
	await setReminderTimes(tx, quote.linkId, {
		before: at('before'),
		lastMorning: at('last-morning'),
	})
	for (const time of times)
		await enqueueJob(tx, {
			key: `${QUOTE_REMINDERS_JOB}:${time.at.toISOString()}`,
			name: QUOTE_REMINDERS_JOB,
			runAt: time.at,
		})
	await enqueueJob(tx, {
		key: `${QUOTE_EXPIRY_JOB}:${quote.linkId}`,
		name: QUOTE_EXPIRY_JOB,
		runAt: terms.expiresAt,
		payload: quote,
	})
}

export type QuoteJob = { orderId: string; linkId: string }

/** Locks the link with the order; why this job has nothing to do, or the link. */
async function currentLink(tx: Tx, order: OrderRow, linkId: string) {
	const [link] = await tx
		.select()
		.from(paymentLinks)
		.where(eq(paymentLinks.id, linkId))
		.for('update')
	if (link?.status !== 'active') return { skip: 'the link is no longer active' }
	if (order.status !== 'payment_pending' || order.paymentLinkId !== linkId)
		return { skip: 'the order was paid, cancelled or re-quoted' }
	return { link }
}

/**
 * Job 'quote-expiry': at the held-until moment the order's link is switched off (and its open
 * Stripe session expired), the timeline says so and the customer is told how to ask again.
 */
export async function expireQuote(deps: ActionDeps, job: QuoteJob) {
	let revoked: PaymentLink[] = []
	const result = await transition(
		deps.db,
		{ orderId: job.orderId, actor: { kind: 'system' } },
		async (order, tx): Promise<Change> => {
			const found = await currentLink(tx, order, job.linkId)
			if (found.skip || !found.link) return { refuse: found.skip ?? 'nothing to do' }
			// Due at the held-until moment itself: that moment counts as ended (expired means 'before now').
			const ended = isQuoteExpired(order, new Date(nowOf(deps).getTime() + 1))
			if (!ended) return { refuse: 'the quote has not ended' }
			revoked = await revokeActiveLinks(tx, order.id)
			return {
				patch: { paymentLinkActive: false },
				note: `Quote expired: the price was held until ${formatDateTime(order.quoteExpiresAt!)}; payment link switched off`,
				emails: quoteExpiredEmail(order, payUrl(deps.siteUrl, found.link.id)),
			}
		},
	)
	// After the commit. If the provider does not answer, reconciliation closes the session later
	// (decision 0018): the link is already off, so nothing can be paid on it meanwhile.
	const cleanupError = await cleanUpAtProvider(deps.provider, revoked)
	return { expired: result.ok, cleanupError }
}

/**
 * 'Ask for a new quote' on an expired quote's page: back to the requests waiting for a delivery
 * cost, staff told, the customer told we will quote again. Asking twice changes nothing more.
 */
export async function askForNewQuote(
	deps: ActionDeps,
	link: Pick<OrderPaymentLink, 'id' | 'orderId'>,
) {
	return transition(
		deps.db,
		{ orderId: link.orderId, actor: { kind: 'customer' } },
		async (order, tx): Promise<Change> => {
			const expired =
				order.status === 'payment_pending' &&
				order.paymentLinkId === link.id &&
				isQuoteExpired(order, nowOf(deps))
			if (!expired) return { refuse: 'Only an expired quote can be quoted again.' }
			await revokeActiveLinks(tx, order.id)
			const patch = {
				deliveryCostPence: null,
				totalCostPence: null,
				paymentLinkActive: false,
				quoteExpiresAt: null,
			}
			return {
				to: 'pending',
				patch,
				note: 'The customer asked for a new quote after the last one expired',
				emails: newQuoteRequestedEmails(
					{ ...order, ...patch },
					staffLink(deps.siteUrl, `/admin/orders/${order.id}`),
				),
			}
		},
	)
}

/** 'Stop reminders for this order' (the reminder email's link, or a mail app's one-click button). */
export async function stopQuoteReminders(
	deps: ActionDeps,
	link: Pick<OrderPaymentLink, 'orderId'>,
) {
	return transition(
		deps.db,
		{ orderId: link.orderId, actor: { kind: 'customer' } },
		(order): Change =>
			order.remindersOff
				? { refuse: 'Reminders are already off for this order.', code: 'already_applied' }
				: { patch: { remindersOff: true }, note: 'The customer stopped quote reminders' },
	)
}
