import { type BrowserContext, test as base, type Page } from '@playwright/test'
import { signInAsAdmin } from './factories'

export { expect } from '@playwright/test'

type SignedIn = Awaited<ReturnType<BrowserContext['storageState']>>

/**
 * `test` with `adminPage`: a page of its own (the project's screen and the test's baseURL) already
 * signed in as the CLI-made admin. The admin signs in through the form once per worker and shop,
 * and each test starts from a copy of that session's cookies, so a test that is not about signing
 * in spends no time on it. Tests about signing in, and clocked shops (a database of their own),
 * use signInAsAdmin.
 */
export const test = base.extend<
	{ adminPage: Page },
	{ adminSession: (origin: string) => Promise<SignedIn> }
>({
	adminSession: [
		async ({ browser }, use) => {
			const sessions = new Map<string, Promise<SignedIn>>()
			await use((origin) => {
				let session = sessions.get(origin)
				if (!session) {
					session = signedIn(browser.newContext.bind(browser), origin)
					// A failed sign-in is not kept: the next test tries again (and says why if it fails).
					session.catch(() => sessions.delete(origin))
					sessions.set(origin, session)
				}
				return session
			})
		},
		{ scope: 'worker' },
	],
	adminPage: async ({ browser, baseURL, adminSession }, use) => {
		const storageState = await adminSession(new URL(baseURL!).origin)
		const context = await browser.newContext({ storageState })
		await use(await context.newPage())
		await context.close()
	},
})

async function signedIn(
	newContext: (options: { baseURL: string }) => Promise<BrowserContext>,
	origin: string,
) {
	const context = await newContext({ baseURL: origin })
	try {
		await signInAsAdmin(await context.newPage())
		return await context.storageState()
	} finally {
		await context.close()
	}
}
