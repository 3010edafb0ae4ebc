import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { emailOutbox, enquiries } from '~/.server/db/schema'
import { STAFF_INBOX } from '~/.server/email/business-mail'
import { startTestApp, type TestApp } from '../support/app'
import { createAdmin } from '../support/factories'
import { TestClient } from '../support/session'

let app: TestApp
beforeAll(async () => {
	app = await startTestApp()
})
afterAll(async () => {
	await app?.close()
})

const text = async (res: Response) => (await res.text()).replace(/<!-- -->/g, '')
const valid = {
	name: 'Isla Munro',
	email: 'isla@example.co.uk',
	phone: '',
	topic: 'products',
	product: 'SK-CER103',
	message: 'Could you give me a price for this skimmer, delivered to Nairn?',
	website: '',
}

describe('the contact page enquiry form', () => {
	it('prefills the product from Ask for a price and shows clear messages for bad input', async () => {
		const page = await text(await app.request('/contact?product=SK-CER103'))
		expect(page).toContain('value="SK-CER103"')
		const visitor = new TestClient(app)
		const res = await visitor.post('/contact', {
			...valid,
			name: '',
			email: 'not-an-email',
			phone: 'call me',
			topic: '',
			message: 'hi',
		})
		expect(res.status).toBe(400)
		const body = await text(res)
		for (const message of [
			'Please enter your name',
			'Please enter a valid email address',
			'Please enter a valid phone number',
			'Please choose what your enquiry is about',
			'Please tell us a little more (at least 10 characters)',
		])
			expect(body).toContain(message)
		const nul = await visitor.post('/contact', { ...valid, name: 'Isla\u0000' })
		expect(nul.status).toBe(400)
		expect(await app.database.db.select().from(enquiries)).toHaveLength(0)
	})

	it('stores the enquiry, emails the business (reply-to the customer) and acknowledges it', async () => {
		const visitor = new TestClient(app)
		const res = await visitor.post('/contact', valid)
		expect(res.status).toBe(302)
		const location = res.headers.get('location')!
		const id = /sent=(EN-[A-Z0-9]{6})/.exec(location)![1]!
		expect(await text(await visitor.request(location))).toContain(
			'We reply to every enquiry within 24 hours',
		)
		const [row] = await app.database.db.select().from(enquiries).where(eq(enquiries.id, id))
		expect(row).toMatchObject({
			name: 'Isla Munro',
			topic: 'products',
			productCode: 'SK-CER103',
			status: 'new',
		})
		const mails = await app.database.db.select().from(emailOutbox)
		const business = mails.find((m) => m.kind === 'enquiry-notification')!
		expect(business.to).toBe(STAFF_INBOX)
		expect(business.headers).toEqual({ 'Reply-To': 'isla@example.co.uk' })
		expect(business.subject).toContain(id)
		const ack = mails.find((m) => m.kind === 'enquiry-acknowledgement')!
		expect(ack.to).toBe('isla@example.co.uk')
		expect(ack.text).toContain('within 24 hours')
	})

	it('stores nothing from a bot that fills the hidden field', async () => {
		const before = (await app.database.db.select().from(enquiries)).length
		const res = await new TestClient(app).post('/contact', {
			...valid,
			website: 'http://spam.example',
		})
		expect(res.status).toBe(302)
		expect(await app.database.db.select().from(enquiries)).toHaveLength(before)
	})

	it('limits enquiries per email with a clear 429', async () => {
		const visitor = new TestClient(app)
		const statuses: number[] = []
		for (let i = 0; i < 7; i++)
			statuses.push(
				(await visitor.post('/contact', { ...valid, email: 'busy@example.co.uk' })).status,
			)
		expect(statuses.slice(0, 5)).toEqual([302, 302, 302, 302, 302])
		expect(statuses.slice(5)).toEqual([429, 429])
		const res = await visitor.post('/contact', { ...valid, email: 'busy@example.co.uk' })
		expect(await text(res)).toContain(
			'Too many enquiries from here. Please try again later, or call us.',
		)
	})
})

describe('the contact form cannot be used to send mail to others', () => {
	it('acknowledges without repeating anything the visitor typed', async () => {
		const res = await new TestClient(app).post('/contact', {
			...valid,
			email: 'victim@example.org',
			name: 'Your account is locked: visit https://evil.example/unlock',
			product: 'www.evil.example',
			message: 'Win a prize at https://phish.example/claim today, just sign in.',
		})
		expect(res.status).toBe(302)
		const [ack] = await app.database.db
			.select()
			.from(emailOutbox)
			.where(eq(emailOutbox.to, 'victim@example.org'))
		expect(ack?.kind).toBe('enquiry-acknowledgement')
		for (const part of [ack!.subject, ack!.text, ack!.html]) {
			expect(part).not.toMatch(/evil\.example|phish\.example|locked|prize/)
		}
		expect(ack!.text).toContain('within 24 hours')
	})

	it('refuses anything but one plain address, so no header or list reaches the mail', async () => {
		const before = (await app.database.db.select().from(enquiries)).length
		for (const email of [
			'Boss<victim@example.com>',
			'a,b@example.com',
			'x@y?body=hello',
			'victim@example.com?cc=other@example.com',
		]) {
			const res = await new TestClient(app).post('/contact', { ...valid, email })
			expect(res.status, email).toBe(400)
			expect(await text(res)).toContain('Please enter a valid email address')
		}
		expect(await app.database.db.select().from(enquiries)).toHaveLength(before)
	})

	it('caps enquiries per IPv6 /64 and from everyone together each hour', async () => {
		const proxied = await startTestApp({ TRUST_PROXY: '1' })
		try {
			const send = (ip: string, n: number) =>
				new TestClient(proxied).request('/contact', {
					method: 'POST',
					headers: {
						'content-type': 'application/x-www-form-urlencoded',
						'x-forwarded-for': ip,
					},
					body: new URLSearchParams({ ...valid, email: `v${n}@example.co.uk` }).toString(),
				})
			// Ten from one /64, each from its own address and email; the eleventh is refused.
			for (let i = 1; i <= 10; i++)
				expect((await send(`2001:db8:5:6::${i.toString(16)}`, i)).status).toBe(302)
			expect((await send('2001:db8:5:6:ffff::1', 11)).status).toBe(429)
			// Everyone together: sixty an hour, then the form asks people to call.
			for (let i = 12; i <= 61; i++)
				expect((await send(`198.51.100.${i}`, i)).status, `enquiry ${i}`).toBe(302)
			const over = await send('203.0.113.200', 62)
			expect(over.status).toBe(429)
			expect(await text(over)).toContain('Please try again later, or call us.')
		} finally {
			await proxied.close()
		}
	})
})

describe('enquiries in the admin area', () => {
	it('lists newest first, filters by status and text, and saves a status and notes', async () => {
		const admin = await createAdmin(app)
		const list = await text(await admin.client.request('/admin/enquiries'))
		expect(list).toContain('Isla Munro')
		const [row] = await app.database.db
			.select()
			.from(enquiries)
			.where(eq(enquiries.email, 'isla@example.co.uk'))
		const detail = await text(await admin.client.request(`/admin/enquiries/${row!.id}`))
		expect(detail).toContain('Could you give me a price for this skimmer')
		const saved = await admin.client.post(`/admin/enquiries/${row!.id}`, {
			status: 'replied',
			notes: 'Quoted £189 delivered.',
		})
		expect(saved.status).toBe(200)
		expect(await text(await admin.client.request('/admin/enquiries?status=replied'))).toContain(
			row!.id,
		)
		expect(
			await text(await admin.client.request('/admin/enquiries?status=new&q=isla')),
		).not.toContain(row!.id)
		expect(await text(await admin.client.request('/admin/enquiries?q=skimmer'))).toContain(row!.id)
		const bad = await admin.client.post(`/admin/enquiries/${row!.id}`, { status: 'lost' })
		expect(bad.status).toBe(400)
		expect((await admin.client.request('/admin/enquiries/EN-ZZZZZZ')).status).toBe(404)
	})
})
