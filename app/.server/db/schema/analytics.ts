import {
	boolean,
	date,
	index,
	integer,
	pgTable,
	primaryKey,
	text,
	timestamp,
} from 'drizzle-orm/pg-core'

/**
 * Cookieless visit counting (issue 33, decision 0020). One row per counted page view, and nothing
 * else: no IP address, no user agent string, no user id, no query string. The privacy policy lists
 * these columns (a test compares them). Raw rows are kept 13 months; their daily totals for ever.
 */
export const pageViews = pgTable(
	'analytics_page_views',
	{
		at: timestamp('at', { withTimezone: true }).notNull(),
		/** The route pattern, e.g. '/pond-products/:category/:productId'. */
		route: text('route').notNull(),
		/** The product, category or project the page shows (its id), or ''. */
		itemId: text('item_id').notNull().default(''),
		/** The referring site's host name only (never its path), or '' (typed in, or our own site). */
		referrerHost: text('referrer_host').notNull().default(''),
		utmSource: text('utm_source').notNull().default(''),
		utmMedium: text('utm_medium').notNull().default(''),
		utmCampaign: text('utm_campaign').notNull().default(''),
		/** 'desktop', 'mobile' or 'tablet', read from the user agent (which is not kept). */
		device: text('device').notNull(),
		/** sha256(day's salt, site, IP, user agent), cut to 16 hex digits; unlinkable after the day. */
		visitorKey: text('visitor_key').notNull(),
	},
	(t) => [index('analytics_page_views_at_idx').on(t.at)],
)

/** Things a visitor did that only the browser sees: an add to cart (from the beacon). */
export const visitEvents = pgTable(
	'analytics_events',
	{
		at: timestamp('at', { withTimezone: true }).notNull(),
		kind: text('kind').$type<'cart'>().notNull(),
		itemId: text('item_id').notNull().default(''),
		visitorKey: text('visitor_key').notNull(),
	},
	(t) => [index('analytics_events_at_idx').on(t.at)],
)

/** The secret salt of one UK day; deleted once the day is over (so keys cannot be recomputed). */
export const visitSalts = pgTable('analytics_salts', {
	day: date('day', { mode: 'string' }).primaryKey(),
	salt: text('salt').notNull(),
})

/**
 * Daily totals the dashboard reads (raw rows only for today): per UK day, per dimension ('total',
 * 'page', 'product', 'referrer', 'source', 'medium', 'campaign', 'device', 'cart'), per value.
 * `visitors` is the day's distinct visitor keys: a key lives one day, so a range's visitors are the
 * sum of its days'.
 */
export const visitDaily = pgTable(
	'analytics_daily',
	{
		day: date('day', { mode: 'string' }).notNull(),
		dimension: text('dimension').notNull(),
		value: text('value').notNull(),
		views: integer('views').notNull(),
		visitors: integer('visitors').notNull(),
	},
	(t) => [
		primaryKey({ columns: [t.day, t.dimension, t.value] }),
		index('analytics_daily_dimension_idx').on(t.dimension, t.day),
	],
)

/**
 * The daily totals summed per calendar month, for months that are over: a 12-month dashboard reads
 * about twelve of these per value instead of 365 daily rows (decision 0020).
 */
export const visitMonthly = pgTable(
	'analytics_monthly',
	{
		/** The first day of the month. */
		month: date('month', { mode: 'string' }).notNull(),
		dimension: text('dimension').notNull(),
		value: text('value').notNull(),
		views: integer('views').notNull(),
		visitors: integer('visitors').notNull(),
	},
	(t) => [primaryKey({ columns: [t.month, t.dimension, t.value] })],
)

/**
 * Today's counts behind the caps on visit counting (issue 57 item 6), shared by every instance:
 * per visitor key, what it has sent and whether it was refused as one key too many; per address
 * (a salted hash of its IPv4 address or IPv6 /64, never the address itself; '*' for the whole
 * shop), what it has sent and how many new visitor keys it brought. Deleted with the day's salt,
 * and never backed up.
 */
export const visitorCaps = pgTable(
	'analytics_visitor_caps',
	{
		day: date('day', { mode: 'string' }).notNull(),
		visitorKey: text('visitor_key').notNull(),
		views: integer('views').notNull(),
		refused: boolean('refused').notNull().default(false),
	},
	(t) => [primaryKey({ columns: [t.day, t.visitorKey] })],
)

export const addressCaps = pgTable(
	'analytics_address_caps',
	{
		day: date('day', { mode: 'string' }).notNull(),
		address: text('address').notNull(),
		views: integer('views').notNull(),
		keys: integer('keys').notNull(),
	},
	(t) => [primaryKey({ columns: [t.day, t.address] })],
)
