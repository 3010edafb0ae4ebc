// Seeds a year of visits (raw views spread over 365 UK days), their daily totals, and a year of
// orders with quote and payment events, straight in SQL: a million rows in seconds.
import { sql } from 'drizzle-orm'
import { rollUpFinishedDays } from '~/.server/analytics/rollup'
import type { Database } from '~/.server/db/client'
import { londonDate } from '~/lib/london-time'

export async function seedVisits(database: Database, views: number) {
	const db = database.db
	const started = performance.now()
	for (let done = 0; done < views; done += 100_000) {
		const n = Math.min(100_000, views - done)
		await db.execute(sql`
			insert into analytics_page_views (at, route, item_id, referrer_host, utm_source, utm_medium, utm_campaign, device, visitor_key)
			select now() - (random() * interval '365 days'),
				r.route, r.item, 
				(array['', '', '', 'google.co.uk', 'bing.com', 'facebook.com', 'koi-forum.co.uk', 'duckduckgo.com'])[1 + (g % 8)],
				(array['', '', '', '', 'facebook', 'newsletter'])[1 + (g % 6)],
				(array['', '', '', '', 'cpc', 'email'])[1 + (g % 6)],
				(array['', '', '', '', 'spring-pumps', 'winter-filters'])[1 + (g % 6)],
				(array['desktop', 'mobile', 'mobile', 'tablet'])[1 + (g % 4)],
				md5((g % 300000)::text)::varchar(16)
			from generate_series(${done + 1}::int, ${done + n}::int) g,
			lateral (select case g % 5
				when 0 then '/' when 1 then '/pond-products/:category'
				else '/pond-products/:category/:productId' end as route,
				case g % 5 when 0 then '' when 1 then (array['pumps', 'filters', 'fittings', 'liners'])[1 + (g % 4)]
				else ((g * 7) % 250)::text end as item) r`)
	}
	await db.execute(sql`
		insert into analytics_events (at, kind, item_id, visitor_key)
		select now() - (random() * interval '365 days'), 'cart', ((g * 7) % 250)::text, md5(g::text)::varchar(16)
		from generate_series(1, ${Math.round(views / 50)}::int) g`)
	const seeded = performance.now()
	await rollUpFinishedDays(db, londonDate(new Date()))
	return { seedMs: seeded - started, rollupMs: performance.now() - seeded }
}

/** `count` order requests over the year; most quoted within hours, half of those paid. */
export async function seedOrders(database: Database, count: number) {
	const db = database.db
	await db.execute(sql`
		insert into orders (id, status, created_at, updated_at, delivery_info, cart_items, subtotal_pence, delivery_cost_pence, total_cost_pence)
		select 'BENCH-' || g, case when g % 4 = 0 then 'pending' when g % 2 = 0 then 'payment_pending' else 'paid' end,
			now() - (g * interval '365 days' / ${count}::int), now(),
			jsonb_build_object('firstName', 'Isla', 'lastName', 'Ross', 'email', 'b' || g || '@example.co.uk', 'phone', '01463 123456',
				'address1', '1 Loch Road', 'address2', '', 'city', 'Inverness', 'notes', '',
				'postcode', (array['IV2 3XY', 'EH1 1AA', 'PA30 8AA', 'KW15 1AA', 'SW1A 1AA'])[1 + g % 5]),
			jsonb_build_array(jsonb_build_object('id', ((g * 7) % 250)::text, 'quantity', 1 + g % 3)),
			12899, case when g % 4 = 0 then null else 1500 + (g % 40) * 100 end,
			case when g % 4 = 0 then null else 12899 + 1500 + (g % 40) * 100 end
		from generate_series(1, ${count}::int) g`)
	await db.execute(sql`
		insert into order_events (order_id, at, actor, to_status)
		select id, created_at + interval '3 hours', 'system', 'payment_pending' from orders where id like 'BENCH-%' and status <> 'pending'`)
	await db.execute(sql`
		insert into order_events (order_id, at, actor, to_status)
		select id, created_at + interval '30 hours', 'provider', 'paid' from orders where id like 'BENCH-%' and status = 'paid'`)
}
