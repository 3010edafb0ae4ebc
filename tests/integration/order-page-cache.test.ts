import { eq, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { buildQuotes, businessSettings, orderLinks, orders } from '~/.server/db/schema'
import { hashOrderLinkToken, newOrderLinkToken } from '~/.server/email/order-link'
import { DEMO_BUSINESS_DETAILS } from '~/lib/business'
import { startTestApp, type TestApp } from '../support/app'
import { buildEnquiryFields, sendBuildEnquiry } from '../support/build-enquiry'
import { createCustomer, insertOrder } from '../support/factories'
import { emailsTo, orderLinksIn } from '../support/order-links'
import { TestClient } from '../support/session'

/**
 * Issue 30 item 1 and its bench: a private order link is never kept by the public page cache and
 * never logged; its page is replayed to the same link only while every row behind it is unchanged
 * (server/order-page-cache.ts).
 */
let app: TestApp
const logLines: Array<Record<string, unknown>> = []
beforeAll(async () => {
	app = await startTestApp({}, { pageCacheMs: 60_000, logLines })
})
afterAll(async () => {
	await app?.close()
})
afterEach(() => {
	vi.useRealTimers()
})

describe('a private order link with the page cache on', () => {
	it('is replayed only to its own link, never to the signed-in page or as data, and its key is in no log line', async () => {
		const customer = await createCustomer(app)
		const order = await insertOrder(app.database.db, {
			userId: customer.id,
			deliveryInfo: { email: customer.email },
		})
		await customer.client.post('/account/orders/new-link', {
			orderId: order.id,
			email: customer.email,
		})
		const [link] = orderLinksIn((await emailsTo(app, customer.email)).at(-1)!)
		const key = new URL(link!, app.url).searchParams.get('key')!
		const seen: Array<string | null> = []
		for (const target of [
			link!,
			link!,
			`/account/orders/${order.id}`,
			`/account/orders/${order.id}`,
		]) {
			const res = await app.request(target)
			seen.push(res.headers.get('x-page-cache'))
			expect(res.headers.get('cache-control'), target).toContain('no-store')
			await res.arrayBuffer()
		}
		// Rendered, then replayed; the signed-out page without a key is a 404 each time.
		expect(seen).toEqual([null, 'replay', null, null])
		const signedIn = await customer.client.request(`/account/orders/${order.id}`)
		const again = await customer.client.request(`/account/orders/${order.id}`)
		expect([signedIn.status, again.status]).toEqual([200, 200])
		expect(again.headers.get('x-page-cache')).toBeNull()
		// Client-side navigations fetch the same page as data.
		const data = await app.request(link!.replace(order.id, `${order.id}.data`))
		expect(data.status).toBe(200)
		expect(data.headers.get('cache-control')).toContain('no-store')
		expect(data.headers.get('x-page-cache')).toBeNull()
		expect(logLines.some((line) => line.path === `/account/orders/${order.id}`)).toBe(true)
		expect(JSON.stringify(logLines)).not.toContain(key)
	})

	it('renders afresh as soon as anything on the page changes, here or on another instance', async () => {
		const order = await insertOrder(app.database.db, { status: 'paid' })
		const link = await newLink(order.id)
		const page = async () => {
			const res = await app.request(link)
			return { how: res.headers.get('x-page-cache'), html: await res.text() }
		}
		expect((await page()).how).toBeNull()
		expect((await page()).how).toBe('replay')
		const db = app.database.db
		// Another instance's write: nothing here was told, the fingerprint moves.
		await db
			.update(orders)
			.set({ status: 'shipped', carrier: 'dpd', trackingReference: 'DPD123' })
			.where(eq(orders.id, order.id))
		const shipped = await page()
		expect(shipped.how).toBeNull()
		expect(shipped.html).toContain('DPD123')
		expect((await page()).how).toBe('replay')
		await db.insert(businessSettings).values({
			details: { ...DEMO_BUSINESS_DETAILS, phone: '01463 999000' },
			changedBy: 'test',
		})
		expect((await page()).how).toBeNull()
		await db.execute(
			sql`insert into order_events (order_id, from_status, to_status, actor) values (${order.id}, 'shipped', 'delivered', 'system')`,
		)
		expect((await page()).how).toBeNull()
	})

	it('is never replayed to another link, nor once its own link has expired', async () => {
		const order = await insertOrder(app.database.db, { status: 'paid' })
		const first = await newLink(order.id)
		const second = await newLink(order.id)
		for (const target of [first, first]) await (await app.request(target)).arrayBuffer()
		const other = await app.request(second)
		expect(other.headers.get('x-page-cache')).toBeNull()
		await other.arrayBuffer()
		await app.database.db
			.update(orderLinks)
			.set({ expiresAt: new Date(Date.now() - 1000) })
			.where(
				eq(
					orderLinks.tokenHash,
					hashOrderLinkToken(new URL(first, app.url).searchParams.get('key')!),
				),
			)
		const expired = await app.request(first)
		expect(expired.status).toBe(404)
		expect(expired.headers.get('x-page-cache')).toBeNull()
	})
})

describe('a private pond project link with the page cache on', () => {
	it('is replayed while nothing has changed, and rendered afresh after a write or when the clock changes the page', async () => {
		const client = new TestClient(app)
		const sent = await sendBuildEnquiry(client, buildEnquiryFields())
		const link = sent.headers.get('location')!.replace('&new=1#survey', '')
		expect(link).toMatch(/^\/account\/projects\/PB-[A-Z0-9]{6}\?key=[\w-]{43}$/)
		const page = async (target = link) => {
			const res = await app.request(target)
			expect(res.headers.get('cache-control')).toContain('no-store')
			return { how: res.headers.get('x-page-cache'), html: await res.text() }
		}
		// On a PostgreSQL server other tests write to their own databases meanwhile, which moves
		// its snapshot (project-page-cache.ts): there a replay may not come, and only that nothing
		// stale is replayed can be checked.
		const replays = (how: string | null) =>
			app.database.changes ? expect(how).toBe('replay') : expect([null, 'replay']).toContain(how)
		expect((await page()).how).toBeNull()
		const replayed = await page()
		replays(replayed.how)
		expect(replayed.html).toContain('Choose a time')
		// Another query on the link (the booking's confirmation) is rendered each time.
		expect((await page(`${link}&done=book`)).how).toBeNull()
		// Booking a survey is a write: the next visit renders and shows it.
		const slot = /name="slot" value="([^"]+)"/.exec(replayed.html)![1]!
		const booked = await client.post(link, { intent: 'book', slot })
		expect(booked.status).toBe(302)
		const afresh = await page()
		expect(afresh.how).toBeNull()
		expect(afresh.html).toContain('Survey booked')
		replays((await page()).how)
		// A quote's validity ends with nothing written, well inside a replay's 60 s: the replay ends
		// with it.
		const projectId = /PB-[A-Z0-9]{6}/.exec(link)![0]
		await app.database.db.insert(buildQuotes).values({
			projectId,
			version: 1,
			title: 'Raised koi pond',
			status: 'sent',
			schedule: [{ label: 'Deposit', due: 'acceptance', percent: 100 }],
			createdBy: 'owner@example.co.uk',
			validUntil: new Date(Date.now() + 30_000),
			sentAt: new Date(),
		})
		expect((await page()).how).toBeNull()
		replays((await page()).how)
		vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 31_000 })
		const expired = await page()
		expect(expired.how).toBeNull()
		expect(expired.html).toMatch(/[Ee]xpired/)
	})
})

async function newLink(orderId: string) {
	const token = newOrderLinkToken()
	await app.database.db.insert(orderLinks).values({
		tokenHash: hashOrderLinkToken(token),
		orderId,
		expiresAt: new Date(Date.now() + 86_400_000),
		kind: 'test',
	})
	return `/account/orders/${orderId}?key=${token}`
}
