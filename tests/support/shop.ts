import { afterAll, beforeAll } from 'vitest'
import { startTestApp, type TestApp } from './app'
import { createAdmin } from './factories'

/** A page's text as a person reads it: React's text separators and escaped apostrophes undone. */
export const pageText = async (res: Response) =>
	(await res.text()).replace(/<!-- -->/g, '').replace(/&#x27;/g, "'")

/**
 * A shop on a fresh database for one test file, with a signed-in admin when asked for: call at
 * the top of the file (it registers its own hooks) and read `shop.app` / `shop.admin` in tests.
 */
export function setUpShop({ withAdmin = false } = {}) {
	const shop = {} as { app: TestApp; admin: Awaited<ReturnType<typeof createAdmin>> }
	beforeAll(async () => {
		shop.app = await startTestApp()
		if (withAdmin) shop.admin = await createAdmin(shop.app)
	})
	afterAll(async () => {
		await shop.app?.close()
	})
	return shop
}
