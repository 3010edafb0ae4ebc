import fs from 'node:fs'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { enquiries, orderEvents, orderRequests, orders, requestPhotos } from '~/.server/db/schema'
import { issueInvoice } from '~/.server/documents/issue'
import { startTestApp, type TestApp } from '../support/app'
import { createAdmin, createCustomer, insertOrder } from '../support/factories'
import { allRoutes } from '../support/routes'
import { TestClient } from '../support/session'

/**
 * The authorisation matrix, generated from the route table: every route under /admin and every
 * /api/* callable that is not public must refuse visitors and customers on every method it
 * answers, with nothing changed. A new admin route is covered (and must be guarded) by existing.
 */
const PUBLIC_API = new Set(['api/placeOrder', 'api/visit', 'api/*'])

const guarded = allRoutes().filter(
	(r) => r.path.startsWith('admin') || (r.path.startsWith('api/') && !PUBLIC_API.has(r.path)),
)
const methodsOf = (file: string) => {
	const source = fs.readFileSync(`app/${file}`, 'utf8')
	return {
		get: /export (async function|const|function) loader\b/.test(source),
		post: /export (async function|const|function) action\b/.test(source),
	}
}

let app: TestApp
let orderId: string
let linkId: string
let documentNumber: string
let requestId: number
let photoId: number
/** A staff member for the owner's pages about one (the second-factor reset). */
let staffId: string
const enquiryId = 'EN-ABCDEF'
beforeAll(async () => {
	app = await startTestApp()
	staffId = (await createAdmin(app)).id
	const order = await insertOrder(app.database.db, { status: 'payment_pending', siteUrl: app.url })
	orderId = order.id
	linkId = order.paymentLinkId!
	const [row] = await app.database.db.select().from(orders).where(eq(orders.id, orderId))
	const receipt = await app.database.db.transaction((tx) =>
		issueInvoice(tx, row!, { vatNumber: null }, new Date()),
	)
	documentNumber = receipt.number
	// A customer's problem report with a photo (issue 30): the Requests inbox's pages.
	const [request] = await app.database.db
		.insert(orderRequests)
		.values({ orderId, kind: 'problem', problem: 'damage', details: 'Cracked in transit.' })
		.returning()
	requestId = request!.id
	const bytes = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
		.jpeg()
		.toBuffer()
	const [photo] = await app.database.db
		.insert(requestPhotos)
		.values({ requestId, position: 0, contentType: 'image/jpeg', width: 8, height: 8, bytes })
		.returning()
	photoId = photo!.id
	await app.database.db.insert(enquiries).values({
		id: enquiryId,
		name: 'Isla',
		email: 'isla@example.co.uk',
		topic: 'pond',
		message: 'A pond for the garden, please.',
	})
})
afterAll(async () => {
	await app?.close()
})

const snapshot = async () => {
	const [order] = await app.database.db.select().from(orders).where(eq(orders.id, orderId))
	const events = await app.database.db
		.select()
		.from(orderEvents)
		.where(eq(orderEvents.orderId, orderId))
	return {
		version: order!.version,
		status: order!.status,
		link: order!.paymentLinkActive,
		events: events.length,
	}
}

function requestFor(path: string, method: 'GET' | 'POST'): [string, RequestInit] {
	const url = `/${path
		.replace(':orderId', orderId)
		.replace(':enquiryId', enquiryId)
		.replace(':productId', '0')
		.replace(':projectId', 'pond1')
		.replace(':number', documentNumber)
		.replace(':requestId', String(requestId))
		.replace(':photoId', String(photoId))
		.replace(':userId', staffId)}`
	if (method === 'GET') return [url, {}]
	if (path.startsWith('api/'))
		return [
			url,
			{
				method,
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({ data: { orderId, deliveryCost: 12.5, paymentLinkId: linkId } }),
			},
		]
	return [
		url,
		{
			method,
			headers: { 'content-type': 'application/x-www-form-urlencoded' },
			body: new URLSearchParams({ intent: 'cancel', version: '1', confirmed: 'yes' }).toString(),
		},
	]
}

describe('admin authorisation matrix (from the route table)', () => {
	it('covers the admin routes and callables that exist', () => {
		const paths = guarded.map((r) => r.path)
		expect(paths).toEqual(
			expect.arrayContaining([
				'admin',
				'admin/orders/:orderId',
				'admin/orders.csv',
				'api/createPaymentLink',
				'api/deactivatePaymentLink',
			]),
		)
	})

	for (const route of guarded) {
		const { get, post } = methodsOf(route.file)
		for (const method of ['GET', 'POST'] as const) {
			if ((method === 'GET' && !get) || (method === 'POST' && !post)) continue
			it(`${method} /${route.path}: visitor and customer are refused, nothing changes`, async () => {
				const before = await snapshot()
				const visitor = new TestClient(app)
				const customer = await createCustomer(app)
				const [url, init] = requestFor(route.path, method)
				const asVisitor = await visitor.request(url, init)
				const asCustomer = await customer.client.request(url, init)
				if (route.path.startsWith('api/')) {
					expect(asVisitor.status).toBe(method === 'GET' ? 405 : 401)
					expect(asCustomer.status).toBe(method === 'GET' ? 405 : 403)
				} else {
					expect(asVisitor.status).toBe(302)
					expect(asVisitor.headers.get('location')).toBe('/')
					expect(asCustomer.status).toBe(403)
				}
				expect(await snapshot()).toEqual(before)
			})
		}
	}

	it('lets an admin through the same requests', async () => {
		const admin = await createAdmin(app)
		for (const route of guarded.filter((r) => r.path.startsWith('admin'))) {
			const [url] = requestFor(route.path, 'GET')
			expect((await admin.client.request(url)).status, url).toBe(200)
		}
	})
})
