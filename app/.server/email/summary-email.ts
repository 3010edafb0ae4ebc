import { type BuildsSummary, isEmptyBuildsSummary } from '~/lib/builds/builds-summary'
import { formatDate, formatDateTime } from '~/lib/dates'
import { londonGreeting } from '~/lib/london-time'
import { formatPence } from '~/lib/money'
import { workingAge } from '~/lib/working-hours'
import { STAFF_INBOX } from './business-mail'
import { type EmailBlock, renderEmail, staffLink } from './layout'
import type { EmailMessage } from './outbox'

/** What the summary says (gathered in orders/pages/morning-summary.ts). */
export type MorningSummary = {
	/** The UK date it is for, 'YYYY-MM-DD'. */
	date: string
	/** When it was gathered: the greeting follows the UK time of day. */
	at: Date
	newRequests: number
	/** Requests waiting for a delivery cost, oldest first. */
	waiting: Array<{ id: string; name: string; minutes: number; overdue: boolean }>
	expiringToday: Array<{ id: string; name: string; at: Date }>
	toShip: Array<{ id: string; name: string }>
	openEnquiries: number
	flaggedPayments: string[]
	/** Pond builds (issue 59 item 11), gathered by the builds area; null when not asked for. */
	builds: BuildsSummary | null
}

/** A day with nothing in it: no summary is sent (a preview says so instead). */
export const isEmptySummary = (s: MorningSummary) =>
	s.newRequests === 0 &&
	s.waiting.length === 0 &&
	s.expiringToday.length === 0 &&
	s.toShip.length === 0 &&
	s.openEnquiries === 0 &&
	s.flaggedPayments.length === 0 &&
	isEmptyBuildsSummary(s.builds)

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

/** The owner's morning summary: each section links to the admin view that deals with it. */
export function summaryEmail(s: MorningSummary, { siteUrl }: { siteUrl: string }): EmailMessage {
	const blocks: EmailBlock[] = []
	const overdue = s.waiting.filter((w) => w.overdue).length
	blocks.push({
		type: 'table',
		rows: [
			['New requests in the last 24 hours', String(s.newRequests)],
			[
				`Waiting for a delivery cost${overdue ? ` (${overdue} overdue)` : ''}`,
				String(s.waiting.length),
			],
			['Quotes ending today', String(s.expiringToday.length)],
			['Paid orders to dispatch', String(s.toShip.length)],
			['Open enquiries', String(s.openEnquiries)],
			['Payments flagged for a refund or check', String(s.flaggedPayments.length)],
		],
	})
	if (s.waiting.length) {
		blocks.push({ type: 'p', text: 'Waiting for a delivery cost, oldest first:' })
		blocks.push({
			type: 'table',
			rows: s.waiting.map((w) => [
				`${w.id} · ${w.name}${w.overdue ? ' · OVERDUE' : ''}`,
				workingAge(w.minutes),
			]),
		})
		blocks.push({
			type: 'button',
			text: 'Quote them',
			href: staffLink(siteUrl, '/admin?status=pending'),
		})
	}
	if (s.expiringToday.length) {
		blocks.push({ type: 'p', text: 'Quotes ending today (the customer has been reminded):' })
		blocks.push({
			type: 'table',
			rows: s.expiringToday.map((q) => [`${q.id} · ${q.name}`, formatDateTime(q.at)]),
		})
	}
	if (s.toShip.length) {
		blocks.push({ type: 'p', text: `${plural(s.toShip.length, 'paid order')} to dispatch.` })
		blocks.push({
			type: 'button',
			text: 'Open paid orders',
			href: staffLink(siteUrl, '/admin?status=paid'),
		})
	}
	if (s.openEnquiries)
		blocks.push({
			type: 'button',
			text: `Answer ${plural(s.openEnquiries, 'enquiry', 'enquiries')}`,
			href: staffLink(siteUrl, '/admin/enquiries?status=new'),
		})
	for (const id of s.flaggedPayments)
		blocks.push({
			type: 'button',
			text: `Check the payment on ${id}`,
			href: staffLink(siteUrl, `/admin/orders/${id}`),
		})
	if (!isEmptyBuildsSummary(s.builds)) blocks.push(...buildsBlocks(s.builds!, siteUrl))
	if (isEmptySummary(s)) blocks.unshift({ type: 'p', text: 'Nothing needs you today.' })
	return {
		to: STAFF_INBOX,
		kind: 'morning-summary',
		subject: `Morning summary for ${formatDate(`${s.date}T12:00:00Z`)}: ${plural(s.waiting.length, 'request')} to quote, ${plural(s.toShip.length, 'order')} to dispatch`,
		...renderEmail(londonGreeting(s.at), blocks),
	}
}

const UK_TIME = new Intl.DateTimeFormat('en-GB', {
	timeZone: 'Europe/London',
	hour: '2-digit',
	minute: '2-digit',
	hourCycle: 'h23',
})

/** The 'Pond builds' part: only the parts with something in them. */
function buildsBlocks(b: BuildsSummary, siteUrl: string): EmailBlock[] {
	const blocks: EmailBlock[] = [{ type: 'p', text: 'Pond builds' }]
	if (b.surveys.length)
		blocks.push(
			{ type: 'p', text: 'Site surveys today and tomorrow (UK time):' },
			{
				type: 'table',
				rows: b.surveys.map((v) => [
					`${v.day} ${UK_TIME.format(v.startsAt)}`,
					`${v.projectId}${v.district ? ` · ${v.district}` : ''}`,
				]),
			},
		)
	if (b.quotes.count)
		blocks.push({
			type: 'table',
			rows: [
				[`${plural(b.quotes.count, 'quote')} awaiting acceptance`, formatPence(b.quotes.pence)],
			],
		})
	if (b.stages.length)
		blocks.push(
			{ type: 'p', text: 'Stage payments due:' },
			{
				type: 'table',
				rows: b.stages.map((st) => [
					`${st.projectId} · ${st.label}${st.overdue ? ' · OVERDUE' : ''}`,
					`${formatPence(st.amountPence)}${st.dueAt ? `, due ${formatDate(st.dueAt)}` : ''}`,
				]),
			},
		)
	blocks.push({
		type: 'button',
		text: 'Open pond builds',
		href: staffLink(siteUrl, '/admin/projects'),
	})
	return blocks
}
