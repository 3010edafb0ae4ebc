import fs from 'node:fs'
import path from 'node:path'
import { eq, like } from 'drizzle-orm'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { loginAttempts, orderRequests, requestPhotos } from '~/.server/db/schema'
import { PROBLEM_QUOTA } from '~/.server/orders/after-sale/problem-gate'
import { deliveredOrder, photoWithLocation } from '../support/after-sale'
import { createCustomer, insertOrder } from '../support/factories'
import { emailsTo } from '../support/order-links'
import type { TestClient } from '../support/session'
import { pageText, setUpShop } from '../support/shop'

/** Issue 30 item 7: problem reports with photos, late after 24 hours but never refused. */
const shop = setUpShop({ withAdmin: true })
const db = () => shop.app.database.db
const requestsOf = (orderId: string) =>
	db().select().from(orderRequests).where(eq(orderRequests.orderId, orderId))

function report(
	client: TestClient,
	orderId: string,
	fields: Record<string, string>,
	files: Array<[Buffer, string, string]> = [],
) {
	const form = new FormData()
	for (const [name, value] of Object.entries(fields)) form.append(name, value)
	for (const [bytes, name, type] of files)
		form.append('photos', new Blob([new Uint8Array(bytes)], { type }), name)
	return client.request(`/account/orders/${orderId}/problem`, { method: 'POST', body: form })
}

describe('reporting a problem', () => {
	it('keeps the photo without its location, marks a report after 24 hours late, and shows staff', async () => {
		const customer = await createCustomer(shop.app)
		const order = await deliveredOrder(shop.app, {
			userId: customer.id,
			email: customer.email,
			deliveredDaysAgo: 2,
		})
		const original = await photoWithLocation()
		expect((await sharp(original).metadata()).exif).toBeDefined()
		const res = await report(
			customer.client,
			order.id,
			{ problem: 'damage', details: 'The pump housing arrived cracked along one side.' },
			[[original, 'IMG_2041.jpg', 'image/jpeg']],
		)
		expect(res.status).toBe(302)
		// The form was spooled to disk as admins' uploads are, and its folder is gone.
		expect(fs.readdirSync(path.join(shop.app.env.DATA_DIR, 'uploads'))).toEqual([])
		const [request] = await requestsOf(order.id)
		expect(request).toMatchObject({
			kind: 'problem',
			problem: 'damage',
			late: true,
			status: 'open',
		})
		const [photo] = await db()
			.select()
			.from(requestPhotos)
			.where(eq(requestPhotos.requestId, request!.id))
		const stored = await sharp(photo!.bytes).metadata()
		expect(stored.format).toBe('jpeg')
		expect(stored.exif).toBeUndefined()
		expect(photo!.bytes.includes(Buffer.from('Garden of a customer'))).toBe(false)
		expect([stored.width, stored.height]).toEqual([640, 480])

		const page = await pageText(await customer.client.request(`/account/orders/${order.id}`))
		expect(page).toContain('Problem report: arrived damaged')
		expect(page).toContain('reported more than 24 hours after delivery')
		expect(
			(await emailsTo(shop.app, customer.email)).some((m) =>
				m.includes('We have your report about order'),
			),
		).toBe(true)

		// Staff see it in the inbox, with the photo; nobody else gets the photo.
		const inbox = await pageText(await shop.admin.client.request('/admin/requests?status=open'))
		expect(inbox).toContain(`order ${order.id}`)
		expect(inbox).toContain('late (over 24 hours after delivery)')
		const url = `/admin/requests/${request!.id}/photos/${photo!.id}`
		const image = await shop.admin.client.request(url)
		expect(image.status).toBe(200)
		expect(image.headers.get('content-type')).toBe('image/jpeg')
		expect(image.headers.get('cache-control')).toBe('private, no-store')
		const stranger = await customer.client.request(url)
		expect(stranger.status).not.toBe(200)
		expect(stranger.headers.get('content-type')).not.toBe('image/jpeg')
	})

	it('refuses a file that is not a photo, or a corrupt one, and stores nothing', async () => {
		const customer = await createCustomer(shop.app)
		const order = await deliveredOrder(shop.app, { userId: customer.id, email: customer.email })
		const fields = { problem: 'fault', details: 'The UV lamp does not light at all.' }
		const pdf = await report(customer.client, order.id, fields, [
			[Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n'), 'lamp.jpg', 'image/jpeg'],
		])
		expect(pdf.status).toBe(400)
		expect(await pageText(pdf)).toContain('lamp.jpg is not a JPEG, PNG or WebP photo.')
		const good = await photoWithLocation()
		const corrupt = await report(customer.client, order.id, fields, [
			[good.subarray(0, good.length / 3), 'half.jpg', 'image/jpeg'],
		])
		expect(corrupt.status).toBe(400)
		expect(await pageText(corrupt)).toContain('half.jpg could not be read as a photo')
		const svg = await report(customer.client, order.id, fields, [
			[
				Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
				'a.svg',
				'image/svg+xml',
			],
		])
		expect(svg.status).toBe(400)
		expect(await pageText(svg)).toContain('is not a JPEG, PNG or WebP photo')
		const six = await report(
			customer.client,
			order.id,
			fields,
			Array.from(
				{ length: 6 },
				(_, i) => [good, `p${i}.jpg`, 'image/jpeg'] as [Buffer, string, string],
			),
		)
		expect(six.status).toBe(400)
		expect(await pageText(six)).toContain('Please send at most 5 photos.')
		const huge = await report(customer.client, order.id, fields, [
			[Buffer.concat([good, Buffer.alloc(10 * 1024 * 1024)]), 'huge.jpg', 'image/jpeg'],
		])
		expect(huge.status).toBe(400)
		expect(await pageText(huge)).toContain('huge.jpg is over 10 MB')
		const short = await report(customer.client, order.id, { problem: 'fault', details: 'bad' })
		expect(short.status).toBe(400)
		expect(await requestsOf(order.id)).toHaveLength(0)
		expect(await db().select().from(requestPhotos)).toHaveLength(1) // the first test's only
	})

	it('takes a report within 24 hours as a plain report; not before dispatch', async () => {
		const customer = await createCustomer(shop.app)
		const order = await deliveredOrder(shop.app, {
			userId: customer.id,
			email: customer.email,
			deliveredDaysAgo: 0.5,
		})
		const res = await report(customer.client, order.id, {
			problem: 'shortage',
			details: 'Only one of the two pumps was in the box.',
		})
		expect(res.status).toBe(302)
		expect((await requestsOf(order.id))[0]?.late).toBe(false)
		// A bound on what one order (or a leaked link to it) can send.
		for (let i = 1; i < 10; i++)
			await report(customer.client, order.id, {
				problem: 'fault',
				details: `Report number ${i} of many.`,
			})
		const eleventh = await report(customer.client, order.id, {
			problem: 'fault',
			details: 'One report too many.',
		})
		expect(eleventh.status).toBe(409)
		expect(await pageText(eleventh)).toContain('This order already has 10 requests.')
		expect(await requestsOf(order.id)).toHaveLength(10)
		const paid = await deliveredOrder(shop.app, {
			userId: customer.id,
			email: customer.email,
			status: 'paid',
		})
		const early = await report(customer.client, paid.id, {
			problem: 'shortage',
			details: 'Only one of the two pumps was in the box.',
		})
		expect(early.status).toBe(409)
		expect(await requestsOf(paid.id)).toHaveLength(0)
	})

	it('forgets the photos and the words of a customer who deletes their account', async () => {
		const customer = await createCustomer(shop.app)
		const order = await deliveredOrder(shop.app, { userId: customer.id, email: customer.email })
		const res = await report(
			customer.client,
			order.id,
			{ problem: 'damage', details: 'Cracked liner, photo of our back garden attached.' },
			[[await photoWithLocation(), 'garden.jpg', 'image/jpeg']],
		)
		expect(res.status).toBe(302)
		const [request] = await requestsOf(order.id)
		const photos = () =>
			db().select().from(requestPhotos).where(eq(requestPhotos.requestId, request!.id))
		expect(await photos()).toHaveLength(1)
		const gone = await customer.client.post('/auth', {
			intent: 'delete-account',
			confirm: 'yes',
			currentPassword: customer.password,
		})
		expect(gone.headers.get('location')).toBe('/?account=deleted')
		expect(await photos()).toHaveLength(0)
		expect((await requestsOf(order.id))[0]).toMatchObject({ kind: 'problem', details: '' })
	})

	it('answers before reading the body when the order cannot take a report (issue 57 item 5)', async () => {
		const customer = await createCustomer(shop.app)
		// Not a form at all: read first, it was a 400; unread, the order's state answers.
		const notAForm = (orderId: string) =>
			customer.client.request(`/account/orders/${orderId}/problem`, {
				method: 'POST',
				headers: { 'content-type': 'text/plain' },
				body: 'x'.repeat(1000),
			})
		const unquoted = await insertOrder(db(), { userId: customer.id })
		const early = await notAForm(unquoted.id)
		expect(early.status).toBe(409)
		expect(await pageText(early)).toContain('This order has not been dispatched yet.')
		const full = await deliveredOrder(shop.app, { userId: customer.id, email: customer.email })
		await db()
			.insert(orderRequests)
			.values(
				Array.from({ length: 10 }, (_, i) => ({
					orderId: full.id,
					kind: 'problem' as const,
					problem: 'fault' as const,
					details: `Earlier report ${i}`,
				})),
			)
		const tooMany = await notAForm(full.id)
		expect(tooMany.status).toBe(409)
		expect(await pageText(tooMany)).toContain('This order already has 10 requests.')
	})

	it('limits reports per account and per address in the database, before reading them', async () => {
		const customer = await createCustomer(shop.app)
		const order = await deliveredOrder(shop.app, { userId: customer.id, email: customer.email })
		const fields = { problem: 'fault', details: 'The UV lamp does not light at all.' }
		const shortForm = () => report(customer.client, order.id, { problem: 'fault', details: 'x' })
		expect((await shortForm()).status).toBe(400) // counted, though refused
		// The rest of the hour's quota used up (as another instance would have counted it).
		const account = `problem:user:${customer.id}`
		await db()
			.update(loginAttempts)
			.set({ failures: PROBLEM_QUOTA.perAccount })
			.where(eq(loginAttempts.key, account))
		const refused = await report(customer.client, order.id, fields)
		expect(refused.status).toBe(429)
		expect(await pageText(refused)).toContain('You have sent a lot of reports in a short time.')
		expect(await requestsOf(order.id)).toHaveLength(0)

		// Another customer behind the same address, once the address has had its share.
		const other = await createCustomer(shop.app)
		const theirs = await deliveredOrder(shop.app, { userId: other.id, email: other.email })
		const [address] = await db()
			.select()
			.from(loginAttempts)
			.where(like(loginAttempts.key, 'problem:ip:%'))
		expect(address).toBeDefined()
		try {
			await db()
				.update(loginAttempts)
				.set({ failures: PROBLEM_QUOTA.perIp })
				.where(eq(loginAttempts.key, address!.key))
			const blocked = await report(other.client, theirs.id, fields)
			expect(blocked.status).toBe(429)
			expect(await requestsOf(theirs.id)).toHaveLength(0)
		} finally {
			await db().delete(loginAttempts).where(like(loginAttempts.key, 'problem:%'))
		}
		expect((await report(other.client, theirs.id, fields)).status).toBe(302)
	})
})
