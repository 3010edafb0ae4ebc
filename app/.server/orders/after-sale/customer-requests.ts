import { and, desc, eq, ne } from 'drizzle-orm'
import type { Db, Tx } from '~/.server/db/client'
import { type OrderRow, orderEvents, orderRequests } from '~/.server/db/schema'
import {
	lineText,
	modelCancellationText,
	requestReceivedEmails,
	returnLastDayText,
} from '~/.server/email/request-emails'
import {
	canReturnAt,
	checkReturnLines,
	isLateReport,
	leftToReturn,
	PROBLEM_LABELS,
	type ProblemKind,
	type RequestLine,
	returnLinesOf,
} from '~/lib/order-requests'
import { type ActionDeps, nowOf } from '../lifecycle/deps'
import { type Change, transition } from '../lifecycle/lifecycle'
import { refuseBeyondLimit, reportGate } from './problem-gate'
import type { PreparedPhoto } from './request-photos'
import { openRequest } from './request-records'

/**
 * What a customer asks for after delivery (issue 30 items 6 and 7), from the order page: a return
 * within the 14-day cancellation period, or a problem report at any time after dispatch (late
 * after 24 hours, never refused). Each is a request for staff, a note on the order's timeline and
 * an email to both sides, written in one transaction with the order locked.
 */

export type CustomerRequestResult =
	| { ok: true; requestId: number }
	/** INVALID_ARGUMENT: the form asked for what cannot be (400); ABORTED: the order does not allow it now (409). */
	| { ok: false; status: 'NOT_FOUND' | 'ABORTED' | 'INVALID_ARGUMENT'; message: string }

/** When the order was marked delivered (the latest time, if it was ever marked twice). */
export async function deliveredAt(db: Db | Tx, orderId: string): Promise<Date | null> {
	const [event] = await db
		.select({ at: orderEvents.at })
		.from(orderEvents)
		.where(
			and(
				eq(orderEvents.orderId, orderId),
				eq(orderEvents.toStatus, 'delivered'),
				ne(orderEvents.fromStatus, 'delivered'),
			),
		)
		.orderBy(desc(orderEvents.at))
		.limit(1)
	return event ? new Date(event.at) : null
}

const CUSTOMER = { kind: 'customer' } as const

export async function requestReturn(
	deps: ActionDeps,
	orderId: string,
	input: { lines: RequestLine[]; details: string },
): Promise<CustomerRequestResult> {
	let requestId = 0
	const result = await transition(deps.db, { orderId, actor: CUSTOMER }, async (order, tx) => {
		if (order.status === 'cancelled') return { refuse: 'This order has been cancelled.' }
		if (order.status !== 'delivered')
			return {
				refuse:
					order.status === 'shipped'
						? 'You can return items once your order has arrived.'
						: 'This order has not been dispatched yet: you can cancel it instead.',
			}
		const delivered = await deliveredAt(tx, order.id)
		const now = nowOf(deps)
		if (!delivered || !canReturnAt(delivered, now))
			return {
				refuse: `The 14 days to return items from this order ended on ${delivered ? returnLastDayText(delivered) : 'its delivery'}. If something is faulty, please report a problem instead.`,
			}
		const tooMany = await refuseBeyondLimit(tx, order.id)
		if (tooMany) return tooMany
		const lines = input.lines.filter((l) => l.quantity > 0)
		const problem = checkReturnLines(order.cartItems, lines, await linesAskedBack(tx, order.id))
		if (problem) return { refuse: problem, status: 'INVALID_ARGUMENT' }
		const request = await openRequest(tx, {
			orderId: order.id,
			kind: 'return',
			lines,
			details: input.details,
			createdAt: now,
		})
		requestId = request.id
		return {
			note: `Return requested (request ${request.id}): ${lineText(order, lines)}`,
			emails: requestReceivedEmails(order, request, { ...deps, deliveredAt: delivered }),
		} satisfies Change
	})
	return result.ok
		? { ok: true, requestId }
		: { ok: false, status: result.status, message: result.message }
}

export async function reportProblem(
	deps: ActionDeps,
	orderId: string,
	input: { problem: ProblemKind; details: string },
	photos: PreparedPhoto[],
): Promise<CustomerRequestResult> {
	let requestId = 0
	const result = await transition(deps.db, { orderId, actor: CUSTOMER }, async (order, tx) => {
		const refused = await reportGate(tx, order)
		if (refused) return { refuse: refused }
		const delivered = await deliveredAt(tx, order.id)
		const now = nowOf(deps)
		const late = isLateReport(delivered, now)
		const request = await openRequest(
			tx,
			{
				orderId: order.id,
				kind: 'problem',
				problem: input.problem,
				details: input.details,
				late,
				createdAt: now,
			},
			photos,
		)
		requestId = request.id
		return {
			note: `Problem reported (request ${requestId}): ${PROBLEM_LABELS[input.problem]}${late ? ', more than 24 hours after delivery' : ''}${photos.length ? `, ${photos.length} photo${photos.length > 1 ? 's' : ''}` : ''}`,
			emails: requestReceivedEmails(order, request, { ...deps, deliveredAt: delivered }),
		} satisfies Change
	})
	return result.ok
		? { ok: true, requestId }
		: { ok: false, status: result.status, message: result.message }
}

async function linesAskedBack(db: Db | Tx, orderId: string): Promise<RequestLine[]> {
	const earlier = await db
		.select({
			kind: orderRequests.kind,
			lines: orderRequests.lines,
			outcome: orderRequests.outcome,
		})
		.from(orderRequests)
		.where(and(eq(orderRequests.orderId, orderId), eq(orderRequests.kind, 'return')))
	return returnLinesOf(earlier)
}

/** What the return page offers: each line with how many can still come back, and until when. */
export async function loadReturnPage(db: Db, order: OrderRow, now = new Date()) {
	const delivered = await deliveredAt(db, order.id)
	const left = leftToReturn(order.cartItems, await linesAskedBack(db, order.id))
	const inWindow = order.status === 'delivered' && delivered !== null && canReturnAt(delivered, now)
	// With every item already on its way back the form could only be refused, so none is shown.
	const allReturning = left.every((n) => n <= 0)
	return {
		orderId: order.id,
		open: inWindow && !allReturning,
		allReturning: inWindow && allReturning,
		lastDay: delivered ? returnLastDayText(delivered) : null,
		lines: order.cartItems.map((item, line) => ({
			line,
			name: item.name,
			option: [item.selectedSize, item.selectedOption].filter(Boolean).join(', '),
			unitPricePence: item.unitPricePence,
			left: left[line]!,
		})),
		modelForm: modelCancellationText(order, [], delivered ?? new Date(order.createdAt)),
	}
}
