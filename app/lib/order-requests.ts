import { addDays, londonDate, startOfLondonDay } from './london-time'

/**
 * After-sale requests (issue 30 items 5–8): a cancellation before dispatch, a return within the
 * 14-day cancellation period the Consumer Contracts Regulations 2013 give after delivery, and a
 * problem report (damage, fault, shortage, wrong item). The rules here are the business's; the
 * server checks them when a request is made, the order page shows them.
 */

export const REQUEST_KINDS = ['cancellation', 'return', 'problem'] as const
export type RequestKind = (typeof REQUEST_KINDS)[number]

export const REQUEST_STATUSES = ['open', 'in_progress', 'resolved'] as const
export type RequestStatus = (typeof REQUEST_STATUSES)[number]

export const PROBLEM_KINDS = ['damage', 'fault', 'shortage', 'wrong_item'] as const
export type ProblemKind = (typeof PROBLEM_KINDS)[number]

export const REQUEST_OUTCOMES = [
	'replacement',
	'repair',
	'shortage_sent',
	'refund',
	'declined',
] as const
export type RequestOutcome = (typeof REQUEST_OUTCOMES)[number]

export const KIND_LABELS: Record<RequestKind, string> = {
	cancellation: 'Cancellation',
	return: 'Return',
	problem: 'Problem report',
}

export const STATUS_LABELS: Record<RequestStatus, string> = {
	open: 'Open',
	in_progress: 'In progress',
	resolved: 'Resolved',
}

export const PROBLEM_LABELS: Record<ProblemKind, string> = {
	damage: 'Arrived damaged',
	fault: 'Faulty',
	shortage: 'Something missing',
	wrong_item: 'Wrong item sent',
}

export const OUTCOME_LABELS: Record<RequestOutcome, string> = {
	replacement: 'Replacement sent',
	repair: 'Repaired',
	shortage_sent: 'Missing items sent',
	refund: 'Refunded',
	declined: 'Declined',
}

/** The cancellation period: 14 days after the day the goods arrive (CCR 2013, regulation 30). */
export const RETURN_DAYS = 14
/** Our terms ask for damage to be reported within 24 hours; later reports are still taken. */
export const PROBLEM_REPORT_HOURS = 24
export const MAX_PROBLEM_PHOTOS = 5
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024

/** The last day (UK date, 'YYYY-MM-DD') a return may be asked for, and when that day ends. */
export function returnWindow(deliveredAt: Date | string) {
	const lastDay = addDays(londonDate(new Date(deliveredAt)), RETURN_DAYS)
	return { lastDay, closesAt: startOfLondonDay(addDays(lastDay, 1)) }
}

export function canReturnAt(deliveredAt: Date | string, now: Date) {
	return now.getTime() < returnWindow(deliveredAt).closesAt.getTime()
}

/** A problem reported more than 24 hours after delivery is accepted, and marked late. */
export function isLateReport(deliveredAt: Date | string | null, now: Date) {
	if (!deliveredAt) return false
	return now.getTime() - new Date(deliveredAt).getTime() > PROBLEM_REPORT_HOURS * 3_600_000
}

/** A line of a return: the order line's position and how many of it come back. */
export type RequestLine = { line: number; quantity: number }

/** What a return's refund gives back, line by line, as its credit note lists it (decision 0022). */
export type ReturnedGoods = {
	lines: Array<{ line: number; quantity: number; before: number }>
	/** The order line count when the original delivery goes back with this return, else null. */
	deliveryLine: number | null
}

type PricedLine = { quantity: number; unitPricePence: number }

/**
 * Checks the lines asked for against what was bought and already asked for in earlier returns
 * (a line cannot come back twice); null when they fit, else the customer's message.
 */
export function checkReturnLines(
	items: PricedLine[],
	asked: RequestLine[],
	earlier: RequestLine[],
): string | null {
	const wanted = asked.filter((l) => l.quantity > 0)
	if (!wanted.length) return 'Please choose at least one item to return.'
	for (const { line, quantity } of wanted) {
		const item = items[line]
		if (!item) return 'Please choose items from this order.'
		const before = askedBefore(earlier, line)
		if (quantity > item.quantity - before)
			return before
				? `You have already asked to return ${before} of that item; at most ${item.quantity - before} more can come back.`
				: `You bought ${item.quantity} of that item, so at most ${item.quantity} can come back.`
	}
	return null
}

/** The lines earlier returns asked for (a declined return gives its lines back). */
export function returnLinesOf(
	requests: Array<{ kind: string; lines: RequestLine[]; outcome: string | null }>,
): RequestLine[] {
	return requests
		.filter((r) => r.kind === 'return' && r.outcome !== 'declined')
		.flatMap((r) => r.lines)
}

/** How many of each order line can still come back, after the lines earlier returns asked for. */
export function leftToReturn(items: Array<{ quantity: number }>, earlier: RequestLine[]): number[] {
	return items.map((item, line) => item.quantity - askedBefore(earlier, line))
}

/** How many of one order line earlier returns asked for. */
function askedBefore(earlier: RequestLine[], line: number) {
	return earlier.filter((l) => l.line === line).reduce((n, l) => n + l.quantity, 0)
}

/** How many of each order line the given return lines bring back. */
function returnedOf(itemCount: number, lines: RequestLine[]) {
	const back = Array.from({ length: itemCount }, () => 0)
	for (const l of lines) if (l.line >= 0 && l.line < itemCount) back[l.line]! += l.quantity
	return back
}

/**
 * What a return's refund gives back (issue 57 item 2): the items at the prices paid, and the
 * original standard delivery only with the return that brings back the last of the order. The
 * Consumer Contracts Regulations 2013 (regulation 34) refund the delivery when the customer
 * withdraws from the whole contract; returning part of an order refunds that part. `before` is
 * what returns refunded earlier brought back; each returned line says how many of its units
 * were refunded before it (for the VAT share its credit note gives back, decision 0022).
 */
export function returnRefund(input: {
	items: PricedLine[]
	deliveryPence: number
	lines: RequestLine[]
	before: RequestLine[]
}) {
	const earlier = returnedOf(input.items.length, input.before)
	const now = returnedOf(input.items.length, input.lines)
	const lines = now.flatMap((quantity, line) =>
		quantity > 0 ? [{ line, quantity, before: earlier[line]! }] : [],
	)
	const itemsPence = lines.reduce(
		(sum, l) => sum + input.items[l.line]!.unitPricePence * l.quantity,
		0,
	)
	const completesOrder = input.items.every(
		(item, line) => earlier[line]! + now[line]! >= item.quantity,
	)
	const deliveryPence = completesOrder ? input.deliveryPence : 0
	return {
		lines,
		itemsPence,
		deliveryPence,
		totalPence: itemsPence + deliveryPence,
		completesOrder,
	}
}

/** A problem report's whole form: five photos at their limit, and room for the rest. */
export const PROBLEM_UPLOAD_LIMIT_BYTES = MAX_PROBLEM_PHOTOS * MAX_PHOTO_BYTES + 1024 * 1024
