import { sql } from 'drizzle-orm'
import type { Db } from '~/.server/db/client'
import { enquiries, orderEvents, orders } from '~/.server/db/schema'
import { getDeliverySettings } from '~/.server/delivery/settings'
import type { Range } from '~/lib/analytics/range'
import { zoneFor } from '~/lib/delivery/zones'
import { addDays, londonDate, startOfLondonDay } from '~/lib/london-time'
import { rowsOf } from './visit-figures'

type OrderFacts = {
	id: string
	createdAt: Date
	quotedAt: Date | null
	paidAt: Date | null
	deliveryCostPence: number | null
	totalCostPence: number | null
	postcode: string
	items: Array<{ id: string; quantity: number }>
}

const bounds = (range: Range) => ({
	from: startOfLondonDay(range.from),
	to: startOfLondonDay(addDays(range.to, 1)),
})

/**
 * The order requests placed in a range, each with when it was first quoted (a payment link sent)
 * and first paid, read from the shop's own records (orders and their events): nothing a browser
 * says counts here.
 */
async function ordersIn(db: Db, range: Range): Promise<OrderFacts[]> {
	const { from, to } = bounds(range)
	const rows = rowsOf<{
		id: string
		created_at: string | Date
		quoted_at: string | Date | null
		paid_at: string | Date | null
		delivery_cost_pence: number | null
		total_cost_pence: number | null
		postcode: string | null
		items: Array<{ id: string; quantity: number }>
	}>(
		await db.execute(sql`
			select o.id, o.created_at, o.delivery_cost_pence, o.total_cost_pence,
				o.delivery_info->>'postcode' as postcode,
				(select coalesce(jsonb_agg(jsonb_build_object('id', i->>'id', 'quantity', (i->>'quantity')::int)), '[]') from jsonb_array_elements(o.cart_items) i) as items,
				(select min(e.at) from ${orderEvents} e where e.order_id = o.id and e.to_status = 'payment_pending') as quoted_at,
				(select min(e.at) from ${orderEvents} e where e.order_id = o.id and e.to_status = 'paid') as paid_at
			from ${orders} o where o.created_at >= ${from} and o.created_at < ${to}`),
	)
	const date = (v: string | Date | null) => (v === null ? null : new Date(v))
	return rows.map((r) => ({
		id: r.id,
		createdAt: new Date(r.created_at),
		quotedAt: date(r.quoted_at),
		paidAt: date(r.paid_at),
		deliveryCostPence: r.delivery_cost_pence,
		totalCostPence: r.total_cost_pence,
		postcode: r.postcode ?? '',
		items: r.items,
	}))
}

/** Payments whose order was first paid within the range, with the amount paid. */
async function paymentsIn(db: Db, range: Range) {
	const { from, to } = bounds(range)
	return rowsOf<{ paid_at: string | Date; amount: number }>(
		await db.execute(sql`
			select p.paid_at, coalesce(o.total_cost_pence, 0)::int as amount from (
				select order_id, min(at) as paid_at from ${orderEvents} where to_status = 'paid' group by order_id
			) p join ${orders} o on o.id = p.order_id where p.paid_at >= ${from} and p.paid_at < ${to}`),
	).map((r) => ({ paidAt: new Date(r.paid_at), amountPence: r.amount }))
}

async function enquiriesIn(db: Db, range: Range) {
	const { from, to } = bounds(range)
	const [row] = rowsOf<{ count: number }>(
		await db.execute(
			sql`select count(*)::int as count from ${enquiries} where created_at >= ${from} and created_at < ${to}`,
		),
	)
	return row?.count ?? 0
}

function median(values: number[]) {
	if (values.length === 0) return null
	const sorted = [...values].sort((a, b) => a - b)
	const mid = Math.floor(sorted.length / 2)
	return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

/** The Monday (UK date) of the week an instant falls in. */
function weekOf(at: Date) {
	const day = londonDate(at)
	const weekday = (new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7
	return addDays(day, -weekday)
}

/** Everything the dashboard shows about orders, quotes, payments and enquiries in a range. */
export async function salesFigures(db: Db, range: Range) {
	const [list, payments, enquiryCount, settings] = await Promise.all([
		ordersIn(db, range),
		paymentsIn(db, range),
		enquiriesIn(db, range),
		getDeliverySettings(db),
	])
	const quoted = list.filter((o) => o.quotedAt)
	const paid = list.filter((o) => o.paidAt)
	const requested = new Map<string, number>()
	for (const order of list)
		for (const item of order.items)
			requested.set(item.id, (requested.get(item.id) ?? 0) + item.quantity)
	const weeks = new Map<string, number>()
	for (const p of payments)
		weeks.set(weekOf(p.paidAt), (weeks.get(weekOf(p.paidAt)) ?? 0) + p.amountPence)
	const zones = new Map<string, { orders: number; deliveryPence: number; priced: number }>()
	for (const order of list) {
		const match = zoneFor(settings, order.postcode)
		const name = match.zone?.name ?? 'Outside the zones'
		const zone = zones.get(name) ?? { orders: 0, deliveryPence: 0, priced: 0 }
		zone.orders++
		if (order.deliveryCostPence !== null) {
			zone.priced++
			zone.deliveryPence += order.deliveryCostPence
		}
		zones.set(name, zone)
	}
	return {
		requests: list.length,
		quoted: quoted.length,
		paid: paid.length,
		enquiries: enquiryCount,
		revenuePence: payments.reduce((sum, p) => sum + p.amountPence, 0),
		payments: payments.length,
		medianToQuoteMs: median(quoted.map((o) => o.quotedAt!.getTime() - o.createdAt.getTime())),
		medianToPayMs: median(
			paid.filter((o) => o.quotedAt).map((o) => o.paidAt!.getTime() - o.quotedAt!.getTime()),
		),
		requestedProducts: [...requested]
			.map(([id, quantity]) => ({ id, quantity }))
			.sort((a, b) => b.quantity - a.quantity),
		revenueByWeek: [...weeks]
			.map(([week, pence]) => ({ week, pence }))
			.sort((a, b) => a.week.localeCompare(b.week)),
		byZone: [...zones]
			.map(([zone, z]) => ({
				zone,
				orders: z.orders,
				averageDeliveryPence: z.priced ? Math.round(z.deliveryPence / z.priced) : null,
			}))
			.sort((a, b) => b.orders - a.orders),
	}
}

export type SalesFigures = Awaited<ReturnType<typeof salesFigures>>
