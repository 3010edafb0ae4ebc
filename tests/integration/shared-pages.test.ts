import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SESSION_HINT_COOKIE } from '~/lib/session-hint'
import { isPersonalPage, isSharedPage } from '../../server/security'
import { cspNonceOf, startTestApp, type TestApp } from '../support/app'
import { createAdmin, createCustomer, uniqueEmail } from '../support/factories'
import { allRoutes } from '../support/routes'
import { TestClient } from '../support/session'

/**
 * Issue 22 target 1: the shop window (home, catalogue, products, portfolio…) is the same for
 * everyone, so signed-in customers get it from the page cache too. These tests prove that no
 * cached or memoised path shows one person's data to another.
 */

/** Routes that are neither pages for everyone nor personal pages, each for a reason. */
const NEITHER = new Map([
	['api/placeOrder', 'JSON callable, POST only'],
	['api/createPaymentLink', 'JSON callable, POST only'],
	['api/deactivatePaymentLink', 'JSON callable, POST only'],
	['api/visit', 'the visit beacon, POST only'],
	['api/*', '405 for everything'],
	['webhooks/stripe', "Stripe's POST"],
	['robots.txt', 'a file, cookie-less requests are cached as before'],
	['sitemap.xml', 'a file, cookie-less requests are cached as before'],
	['photos/:file', 'an image file, the same bytes for everyone and cached a year (decision 0026)'],
	['*', 'the 404 page: never cached'],
])

const samplePath = (path: string) =>
	`/${path
		.replace(':projectId', 'pond3')
		.replace(':category', 'pumps')
		.replace(':productId', '1')
		.replace(':orderId', 'KP-000001')
		.replace(':enquiryId', 'EN-000001')
		.replace(':token', 'abc')}`

let app: TestApp
beforeAll(async () => {
	app = await startTestApp({}, { pageCacheMs: 60_000 })
})
afterAll(async () => {
	await app?.close()
})

const normalised = async (res: Response) =>
	(await res.text()).replaceAll(cspNonceOf(res) ?? 'no nonce', 'NONCE')

describe('pages for everyone', () => {
	it('every route is either shared, personal, or listed here with a reason', () => {
		const unclassified = allRoutes()
			.filter(({ path }) => !NEITHER.has(path))
			.filter(({ path }) => {
				const url = samplePath(path)
				return isSharedPage(url) === isPersonalPage(url)
			})
		expect(unclassified.map((r) => r.path)).toEqual([])
		expect(isSharedPage('/auth')).toBe(false)
		expect(isSharedPage('/portfolio/pond3.data')).toBe(true)
		expect(isSharedPage('/portfolios')).toBe(false)
	})

	it('render the same bytes for a customer, an admin and a visitor, with nothing personal, and are cached for all', async () => {
		const customer = await createCustomer(app, {
			email: uniqueEmail('isobel'),
			firstName: 'Isobel',
			lastName: 'Leakcheck',
		})
		const admin = await createAdmin(app)
		const visitor = new TestClient(app)
		// Another address than the pages below (a query is its own cache key): each of them renders first for the customer.
		const category = await (await app.request('/pond-products/pumps?sort=')).text()
		const product = /href="(\/pond-products\/pumps\/[^"?#]+)"/.exec(category)![1]!
		const pages = allRoutes()
			.map(({ path }) => samplePath(path))
			.filter((url) => isSharedPage(url) && !/^\/cart\/(?:check|estimate)/.test(url))
			.map((url) => (url === '/pond-products/pumps/1' ? product : url))
		pages.push('/pond-products?search=pump', '/contact?product=FT-1023', '/_root.data')
		pages.push(`${product}.data`, '/pond-products/pumps.data?page=2', '/portfolio/pond3.data')
		expect(pages.length).toBeGreaterThanOrEqual(17)

		for (const page of pages) {
			// The customer asks first, so it is their request that renders (and fills the cache).
			const asCustomer = await customer.client.request(page)
			expect(asCustomer.status, page).toBe(200)
			expect(asCustomer.headers.get('x-page-cache'), page).toBe('miss')
			expect(asCustomer.headers.getSetCookie(), page).toEqual([])
			const html = await normalised(asCustomer)
			for (const personal of ['Isobel', 'Leakcheck', customer.email, admin.email])
				expect(html, `${page} shows ${personal}`).not.toContain(personal)
			for (const other of [admin.client, visitor]) {
				const res = await other.request(page)
				expect(res.headers.get('x-page-cache'), page).toBe('hit')
				expect(await normalised(res), page).toBe(html)
			}
		}
	})

	it('render without the cookie even when the cache is off', async () => {
		const uncached = await startTestApp({}, { pageCacheMs: 0 })
		try {
			const customer = await createCustomer(uncached, { firstName: 'Torquil' })
			const signedIn = await normalised(await customer.client.request('/_root.data'))
			const visitor = await normalised(await uncached.request('/_root.data'))
			expect(signedIn).toBe(visitor)
			expect(signedIn).not.toContain('Torquil')
		} finally {
			await uncached.close()
		}
	})
})

describe('personal pages', () => {
	it('are never cached: each person sees their own, even with requests interleaved', async () => {
		const people = await Promise.all(
			['Ailsa', 'Bruce', 'Catriona'].map((firstName) =>
				createCustomer(app, { email: uniqueEmail(firstName.toLowerCase()), firstName }),
			),
		)
		const responses = await Promise.all(
			Array.from({ length: 12 }, async (_, i) => {
				const person = people[i % people.length]!
				const res = await person.client.request(i % 2 ? '/auth' : '/checkout')
				return { person, res, html: await res.text() }
			}),
		)
		for (const { person, res, html } of responses) {
			expect(res.status).toBe(200)
			expect(res.headers.get('x-page-cache')).toBeNull()
			expect(res.headers.get('cache-control')).toBe('private, no-store')
			expect(html).toContain(person.email)
			for (const other of people.filter((p) => p !== person))
				expect(html).not.toContain(other.email)
		}
	})
})

describe('session hint', () => {
	const hintOf = (res: Response) =>
		res.headers
			.getSetCookie()
			.find((c) => c.startsWith(`${SESSION_HINT_COOKIE}=`))
			?.split(';')[0]
			?.split('=')[1]

	it('is set at sign-in and registration, cleared at sign-out, and says admin only for admins', async () => {
		const customer = await createCustomer(app)
		expect(customer.client.cookies.get(SESSION_HINT_COOKIE)).toBe('customer')
		const admin = await createAdmin(app)
		expect(admin.client.cookies.get(SESSION_HINT_COOKIE)).toBe('admin')
		const signOut = await customer.client.post('/auth', { intent: 'signout' })
		expect(signOut.status).toBe(302)
		expect(hintOf(signOut)).toBe('')
		expect(customer.client.cookies.has(SESSION_HINT_COOKIE)).toBe(false)
	})

	it('is put right by the server whenever it is wrong, and never trusted', async () => {
		const customer = await createCustomer(app)
		// A customer who writes 'admin' into the hint still gets no admin page, and the hint back.
		customer.client.cookies.set(SESSION_HINT_COOKIE, 'admin')
		const refused = await customer.client.request('/admin')
		expect(refused.status).toBe(403)
		expect(customer.client.cookies.get(SESSION_HINT_COOKIE)).toBe('customer')

		const check = await customer.client.request('/auth/session')
		expect(await check.json()).toEqual({ hint: 'customer' })
		expect(check.headers.get('cache-control')).toBe('private, no-store')
		expect(hintOf(check)).toBeUndefined()

		// The session ends on the server (signed out elsewhere): the next check clears the hint.
		const stale = new TestClient(app)
		stale.cookies.set(SESSION_HINT_COOKIE, 'customer')
		stale.cookies.set('koi.session_token', 'not-a-session')
		const cleared = await stale.request('/auth/session')
		expect(await cleared.json()).toEqual({ hint: '' })
		expect(hintOf(cleared)).toBe('')

		// A visitor who never signed in gets no cookie at all.
		const visitor = await app.request('/auth/session')
		expect(visitor.headers.getSetCookie()).toEqual([])
	})
})

describe('session lookups believed for a few seconds (session-cache.ts)', () => {
	it('end at once on this instance: sign-out, a password change, a deleted account', async () => {
		const customer = await createCustomer(app)
		const otherTab = new TestClient(app)
		otherTab.cookies = new Map(customer.client.cookies)
		expect(await (await otherTab.request('/auth')).text()).toContain('My Account')
		await customer.client.post('/auth', { intent: 'signout' })
		expect(await (await otherTab.request('/auth')).text()).toContain('Sign In or Register')

		const owner = await createCustomer(app)
		const phone = new TestClient(app)
		await phone.post('/auth', { intent: 'signin', email: owner.email, password: owner.password })
		expect(await (await phone.request('/auth')).text()).toContain('My Account')
		const changed = await owner.client.post('/auth', {
			intent: 'change-password',
			currentPassword: owner.password,
			password: 'a brand new passphrase 7',
			confirmPassword: 'a brand new passphrase 7',
		})
		expect(changed.status).toBe(302)
		expect(await (await owner.client.request('/auth')).text()).toContain('My Account')
		expect(await (await phone.request('/auth')).text()).toContain('Sign In or Register')

		const leaving = await createCustomer(app)
		const laptop = new TestClient(app)
		await laptop.post('/auth', {
			intent: 'signin',
			email: leaving.email,
			password: leaving.password,
		})
		expect(await (await laptop.request('/auth')).text()).toContain('My Account')
		const deleted = await leaving.client.post('/auth', {
			intent: 'delete-account',
			confirm: 'yes',
			currentPassword: leaving.password,
		})
		expect(deleted.status).toBe(302)
		expect(await (await laptop.request('/auth')).text()).toContain('Sign In or Register')
	})
})
