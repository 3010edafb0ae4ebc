import { desc, eq } from 'drizzle-orm'
import type { Db } from '~/.server/db/client'
import { deliverySettings, user } from '~/.server/db/schema'
import { DEFAULT_DELIVERY_SETTINGS, type DeliverySettings } from '~/lib/delivery/zones'

/**
 * How long a cached rate table is used before the database is asked again: a save by another
 * instance is seen within this; a save by this one at once (decision 0012).
 */
export const SETTINGS_CHECK_MS = 1000

type Cached = { settings: DeliverySettings; checkedAt: number }
/** Per database handle (each instance and each test has its own), never shared between them. */
const cache = new WeakMap<Db, Cached>()
const loading = new WeakMap<Db, Promise<DeliverySettings>>()

/** The rate table in force: the newest saved version, or the business's defaults. */
export async function getDeliverySettings(db: Db): Promise<DeliverySettings> {
	const [row] = await db
		.select({ settings: deliverySettings.settings })
		.from(deliverySettings)
		.orderBy(desc(deliverySettings.id))
		.limit(1)
	// Versions saved before a setting existed take its default.
	return { ...DEFAULT_DELIVERY_SETTINGS, ...row?.settings }
}

/**
 * The rate table for hot paths (every order's confirmation email): read at most once a second per
 * instance, and concurrent callers share one read. Admin pages keep reading it fresh.
 */
export async function currentDeliverySettings(db: Db, now = Date.now()): Promise<DeliverySettings> {
	const cached = cache.get(db)
	if (cached && now - cached.checkedAt < SETTINGS_CHECK_MS) return cached.settings
	let pending = loading.get(db)
	if (!pending) {
		// As current as the moment we asked, not the moment the answer came back.
		const askedAt = now
		pending = getDeliverySettings(db)
			.then((settings) => {
				// A save while this read was in flight dropped the cache: don't bring the old rates back.
				if (loading.get(db) === pending) cache.set(db, { settings, checkedAt: askedAt })
				return settings
			})
			.finally(() => {
				if (loading.get(db) === pending) loading.delete(db)
			})
		loading.set(db, pending)
	}
	return pending
}

/** Saves a new version; the old ones stay as the record of who changed what, and when. */
export async function saveDeliverySettings(db: Db, adminId: string, settings: DeliverySettings) {
	await db.insert(deliverySettings).values({ settings, changedBy: adminId })
	cache.delete(db)
	loading.delete(db)
}

export async function recentSettingsChanges(db: Db, limit = 10) {
	const rows = await db
		.select({ id: deliverySettings.id, at: deliverySettings.changedAt, email: user.email })
		.from(deliverySettings)
		.leftJoin(user, eq(user.id, deliverySettings.changedBy))
		.orderBy(desc(deliverySettings.id))
		.limit(limit)
	return rows.map((r) => ({
		id: r.id,
		at: new Date(r.at).toISOString(),
		who: r.email ?? 'a removed account',
	}))
}
