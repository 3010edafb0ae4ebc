import { desc, eq } from 'drizzle-orm'
import type { Db } from '~/.server/db/client'
import { deliverySettings, user } from '~/.server/db/schema'
import { DEFAULT_DELIVERY_SETTINGS, type DeliverySettings } from '~/lib/delivery/zones'

/** The rate table in force: the newest saved version, or the business's defaults. */
export async function getDeliverySettings(db: Db): Promise<DeliverySettings> {
	const [row] = await db
		.select({ settings: deliverySettings.settings })
		.from(deliverySettings)
		.orderBy(desc(deliverySettings.id))
		.limit(1)
	return row?.settings ?? DEFAULT_DELIVERY_SETTINGS
}

/** Saves a new version; the old ones stay as the record of who changed what, and when. */
export async function saveDeliverySettings(db: Db, adminId: string, settings: DeliverySettings) {
	await db.insert(deliverySettings).values({ settings, changedBy: adminId })
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
