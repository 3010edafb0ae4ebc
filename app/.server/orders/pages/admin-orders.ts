import { and, asc, desc, eq, gte, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm'
import type { Db } from '~/.server/db/client'
import { containsPattern } from '~/.server/db/like'
import { orderEvents, orders, user } from '~/.server/db/schema'
import { isQuoteExpired } from '~/.server/payments/links'
import type { AdminOrderRow, OrderFilters } from '~/lib/admin-order-schemas'
import { addDays, startOfLondonDay } from '~/lib/london-time'
import { workingAge, workingMinutesBetween } from '~/lib/working-hours'
import { ORDER_ID_PATTERN } from '../lifecycle/order-id'
import { overdueCutoff } from './morning-summary'

/** Spec section 9: the dashboard shows 50 orders at a time, newest first. */
export const ADMIN_PAGE_SIZE = 50

/** Spec section 5 'Dashboard filters', as SQL: they run on the server, never over a page of rows. */
function filterClause(filters: OrderFilters, now = new Date()): SQL | undefined {
	const amount = sql`coalesce(${orders.totalCostPence}, ${orders.subtotalPence})`
	const clauses: Array<SQL | undefined> = [
		filters.orderId ? ilike(orders.id, containsPattern(filters.orderId)) : undefined,
		filters.status === 'expired'
			? and(eq(orders.status, 'payment_pending'), lt(orders.quoteExpiresAt, now))
			: filters.status
				? eq(orders.status, filters.status)
				: undefined,
		filters.name
			? or(
					ilike(sql`${orders.deliveryInfo}->>'firstName'`, containsPattern(filters.name)),
					ilike(sql`${orders.deliveryInfo}->>'lastName'`, containsPattern(filters.name)),
				)
			: undefined,
		filters.min != null ? sql`${amount} >= ${filters.min}` : undefined,
		filters.max != null ? sql`${amount} <= ${filters.max}` : undefined,
		filters.from ? gte(orders.createdAt, startOfLondonDay(filters.from)) : undefined,
		// 'to' includes the whole end day (Europe/London).
		filters.to ? lt(orders.createdAt, startOfLondonDay(addDays(filters.to, 1))) : undefined,
	]
	return and(...clauses.filter(Boolean))
}

const listColumns = {
	id: orders.id,
	status: orders.status,
	createdAt: orders.createdAt,
	updatedAt: orders.updatedAt,
	firstName: sql<string>`${orders.deliveryInfo}->>'firstName'`,
	lastName: sql<string>`${orders.deliveryInfo}->>'lastName'`,
	subtotalPence: orders.subtotalPence,
	deliveryCostPence: orders.deliveryCostPence,
	totalCostPence: orders.totalCostPence,
}

/** One page of orders (newest first) and whether an older page exists. */
export async function listAdminOrders(db: Db, filters: OrderFilters, now = new Date()) {
	const overdueBefore = await overdueCutoff(db, now)
	const rows = await db
		.select({ ...listColumns, quoteExpiresAt: orders.quoteExpiresAt })
		.from(orders)
		.where(filterClause(filters))
		.orderBy(desc(orders.createdAt), desc(orders.id))
		.limit(ADMIN_PAGE_SIZE + 1)
		.offset((filters.page - 1) * ADMIN_PAGE_SIZE)
	return {
		orders: rows.slice(0, ADMIN_PAGE_SIZE).map(
			(row): AdminOrderRow => ({
				id: row.id,
				status: row.status,
				createdAt: new Date(row.createdAt).toISOString(),
				updatedAt: new Date(row.updatedAt).toISOString(),
				customer: `${row.firstName ?? ''} ${row.lastName ?? ''}`.trim() || '(account deleted)',
				subtotalPence: row.subtotalPence,
				deliveryCostPence: row.deliveryCostPence,
				totalCostPence: row.totalCostPence,
				alert: rowAlert(row, now, overdueBefore),
			}),
		),
		hasOlder: rows.length > ADMIN_PAGE_SIZE,
	}
}

/** Issue 31 items 4 and 5: a quote that ran out, or a request waiting longer than it should. */
function rowAlert(
	row: { status: string; updatedAt: Date | string; quoteExpiresAt: Date | null },
	now: Date,
	overdueBefore: Date,
) {
	if (row.status === 'payment_pending' && isQuoteExpired(row, now)) return 'Quote expired'
	const since = new Date(row.updatedAt)
	if (row.status === 'pending' && since <= overdueBefore)
		return `Waiting ${workingAge(workingMinutesBetween(since, now))}`
	return null
}

/** Every order matching the filters, for the CSV export, in pages so memory stays flat. */
export async function* exportAdminOrders(db: Db, filters: OrderFilters, batch = 500) {
	for (let offset = 0; ; offset += batch) {
		const rows = await db
			.select({
				...listColumns,
				email: sql<string>`${orders.deliveryInfo}->>'email'`,
				phone: sql<string>`${orders.deliveryInfo}->>'phone'`,
				postcode: sql<string>`${orders.deliveryInfo}->>'postcode'`,
				items: sql<number>`jsonb_array_length(${orders.cartItems})`,
			})
			.from(orders)
			.where(filterClause(filters))
			.orderBy(desc(orders.createdAt), desc(orders.id))
			.limit(batch)
			.offset(offset)
		for (const row of rows) yield row
		if (rows.length < batch) return
	}
}

/** One order with its timeline; admin actors are shown by their email. */
export async function getAdminOrder(db: Db, orderId: string) {
	// Not an order id at all (NUL, 10 KB of text …): no query, the same 'not found' (issue 28, L1).
	if (!ORDER_ID_PATTERN.test(orderId)) return null
	const [order] = await db.select().from(orders).where(eq(orders.id, orderId))
	if (!order) return null
	const events = await db
		.select()
		.from(orderEvents)
		.where(eq(orderEvents.orderId, orderId))
		.orderBy(asc(orderEvents.at), asc(orderEvents.id))
	const adminIds = [...new Set(events.map((e) => e.actor))].filter(
		(a) => !['customer', 'system'].includes(a) && !a.startsWith('provider:'),
	)
	const admins = adminIds.length
		? await db
				.select({ id: user.id, email: user.email })
				.from(user)
				.where(inArray(user.id, adminIds))
		: []
	const names = new Map(admins.map((a) => [a.id, a.email]))
	return {
		order,
		events: events.map((e) => ({
			id: e.id,
			at: new Date(e.at).toISOString(),
			who: names.get(e.actor) ?? actorName(e.actor),
			from: e.fromStatus,
			to: e.toStatus,
			note: e.note,
		})),
	}
}

function actorName(actor: string) {
	if (actor === 'customer') return 'Customer'
	if (actor === 'system') return 'System'
	if (actor.startsWith('provider:')) return `Payment provider (${actor.slice(9)})`
	return 'Admin (account removed)'
}
