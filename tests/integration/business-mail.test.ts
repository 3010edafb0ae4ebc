import crypto from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { emailOutbox } from '~/.server/db/schema'
import { DEMO_BUSINESS_DETAILS } from '~/lib/business'
import { startTestApp, type TestApp } from '../support/app'
import { createAdmin, createCustomer } from '../support/factories'
import { emailsTo } from '../support/order-links'
import { placeOrderRequest, startSmtpSink } from '../support/process'
import { TestClient } from '../support/session'
import { pageText } from '../support/shop'

/**
 * Issue 32 item 7: the business details from /admin/settings are who the emails come from, where
 * customers' replies go and where staff notifications go; BUSINESS_EMAIL and MAIL_FROM, when a
 * deployment sets them, win.
 */
const details = {
	tradingName: 'Moray Pond Centre',
	legalName: 'Moray Pond Centre Ltd',
	address: '2 Harbour Street\nNairn\nIV12 4NX',
	phone: '01667 555 123',
	email: 'shop@moraypond.example',
	hours: 'Tuesday-Sunday 10:00 AM to 4:00 PM',
	hoursShort: 'Tue-Sun, 10AM-4PM',
	vatNumber: '',
	companyNumber: '',
	facebookUrl: '',
}

const cookieOf = (client: TestClient) =>
	[...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ')

async function placeOrder(app: TestApp, customer: { client: TestClient }) {
	const res = await placeOrderRequest(app.url, cookieOf(customer.client), crypto.randomUUID())
	expect(res.status).toBe(200)
	return (await res.json()).data.orderId as string
}

async function saveDetails(admin: TestClient) {
	expect((await admin.post('/admin/settings', details)).status).toBe(200)
}

async function sendSummaryNow(admin: TestClient) {
	return pageText(await admin.post('/admin/jobs', { intent: 'send-summary' }))
}

const header = (eml: string, name: string) =>
	new RegExp(`^${name}: (.+)$`, 'mi').exec(eml.split(/\r?\n\r?\n/)[0]!)?.[1]

describe('emails with only the business details set', () => {
	let app: TestApp
	beforeAll(async () => {
		app = await startTestApp()
	})
	afterAll(async () => {
		await app?.close()
	})

	it('go from and to the details in force when sent, queued before the save or after', async () => {
		const admin = (await createAdmin(app)).client
		const customer = await createCustomer(app)
		// Queued under the demo details, sent after the owner saved new ones.
		const queued = await placeOrder(app, customer)
		await saveDetails(admin)
		const placed = await placeOrder(app, customer)

		const staff = await emailsTo(app, details.email)
		for (const id of [queued, placed])
			expect(staff.some((eml) => eml.includes(`New order request ${id}`))).toBe(true)
		expect(await emailsTo(app, DEMO_BUSINESS_DETAILS.email)).toEqual([])
		expect(await emailsTo(app, 'orders@highlandkoiponds.co.uk')).toEqual([])

		const toCustomer = await emailsTo(app, customer.email)
		for (const id of [queued, placed]) expect(toCustomer.some((eml) => eml.includes(id))).toBe(true)
		for (const eml of toCustomer) {
			expect(header(eml, 'From')).toBe('Moray Pond Centre <shop@moraypond.example>')
			expect(header(eml, 'Reply-To')).toBe(details.email)
		}

		expect(await sendSummaryNow(admin)).toContain(
			'The summary is on its way to shop@moraypond.example.',
		)
		// Greeted by the UK time of day the test runs at.
		const summaries = (await emailsTo(app, details.email)).filter((eml) =>
			/Good (morning|afternoon|evening)/.test(eml),
		)
		expect(summaries).toHaveLength(1)
	})

	it('keep the customer as Reply-To of an enquiry forwarded to staff', async () => {
		const res = await new TestClient(app).post('/contact', {
			name: 'Isla Grant',
			email: 'isla@example.co.uk',
			phone: '',
			topic: 'pond',
			message: 'A pond for the garden, please: about four metres by three.',
			website: '',
		})
		expect(res.status).toBe(302)
		const [enquiry] = (await emailsTo(app, details.email)).filter((eml) =>
			eml.includes('about four metres by three'),
		)
		expect(header(enquiry!, 'Reply-To')).toBe('isla@example.co.uk')
		const [ack] = await emailsTo(app, 'isla@example.co.uk')
		expect(header(ack!, 'Reply-To')).toBe(details.email)
	})
})

describe('emails with BUSINESS_EMAIL and MAIL_FROM set, over SMTP', () => {
	let app: TestApp
	let smtp: Awaited<ReturnType<typeof startSmtpSink>>
	beforeAll(async () => {
		smtp = await startSmtpSink()
		app = await startTestApp({
			SMTP_URL: smtp.url,
			BUSINESS_EMAIL: 'orders@relay.example',
			MAIL_FROM: 'Koi Mailer <mailer@relay.example>',
		})
	})
	afterAll(async () => {
		await app?.close()
		await smtp?.close()
	})

	it('send staff notifications to BUSINESS_EMAIL, from MAIL_FROM, replies to the details', async () => {
		const admin = (await createAdmin(app)).client
		const customer = await createCustomer(app)
		await saveDetails(admin)
		const id = await placeOrder(app, customer)
		await app.runtime.outbox.runOnce()

		// Subjects with '£' arrive encoded: find each email by its outbox row (the Message-ID).
		const rows = await app.database.db.select().from(emailOutbox)
		const received = (kind: string) => {
			const row = rows.find((r) => r.kind === kind && r.subject.includes(id))
			return smtp.received.find((m) => m.messageId === `<${row?.id}@koi-shop>`)
		}
		expect(received('new-order-notification')).toMatchObject({
			to: ['orders@relay.example'],
			from: 'Koi Mailer <mailer@relay.example>',
			replyTo: details.email,
		})
		expect(received('order-confirmation')).toMatchObject({
			to: [customer.email],
			from: 'Koi Mailer <mailer@relay.example>',
			replyTo: details.email,
		})
		expect(await sendSummaryNow(admin)).toContain(
			'The summary is on its way to orders@relay.example.',
		)
	})
})
