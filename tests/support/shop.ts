import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect } from 'vitest'
import { orders } from '~/.server/db/schema'
import { startTestApp, type TestApp } from './app'
import { createAdmin } from './factories'

/** A page's text as a person reads it: React's text separators and escaped apostrophes undone. */
export const pageText = async (res: Response) =>
	(await res.text()).replace(/<!-- -->/g, '').replace(/&#x27;/g, "'")

/**
 * A shop on a fresh database for one test file, with a signed-in admin when asked for: call at
 * the top of the file (it registers its own hooks) and read `shop.app` / `shop.admin` in tests.
 */
export type Shop = { app: TestApp; admin: Awaited<ReturnType<typeof createAdmin>> }

export function setUpShop({ withAdmin = false } = {}) {
	const shop = {} as Shop
	beforeAll(async () => {
		shop.app = await startTestApp()
		if (withAdmin) shop.admin = await createAdmin(shop.app)
	})
	afterAll(async () => {
		await shop.app?.close()
	})
	return shop
}

/** The shop's admin posts an order page's form (its current version added), which must succeed. */
export async function adminDoes(shop: Shop, orderId: string, fields: Record<string, string>) {
	const [order] = await shop.app.database.db.select().from(orders).where(eq(orders.id, orderId))
	const res = await shop.admin.client.post(`/admin/orders/${orderId}`, {
		...fields,
		version: String(order!.version),
	})
	expect(res.status, fields.intent).toBe(200)
}
