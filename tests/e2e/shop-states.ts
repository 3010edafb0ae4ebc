import fs from 'node:fs'
import { type Browser, expect, type Page } from '@playwright/test'
import { adminOrderAction, anotherOrder, newCustomerWithOrder, uniqueEmail } from './factories'
import { waitForEmail } from './mail'

/**
 * Shop data that makes each page show what it can (every-page.spec.ts, admin-mobile.spec.ts),
 * made through the shop's own HTTP interface as the signed-in admin (`admin`) and a customer.
 */

/** A new customer's orders, one in each state the order pages show differently. */
export async function ordersInEveryState(browser: Browser, baseURL: string, admin: Page) {
	const customer = await newCustomerWithOrder(browser, baseURL)
	const [quoted, paid, delivered, cancelled] = [
		await anotherOrder(customer, baseURL),
		await anotherOrder(customer, baseURL),
		await anotherOrder(customer, baseURL),
		await anotherOrder(customer, baseURL),
	] as [string, string, string, string]
	for (const id of [quoted, paid, delivered, cancelled])
		await adminOrderAction(admin, id, 'set-delivery-cost', { deliveryCost: '30' })
	await adminOrderAction(admin, paid, 'mark-paid', { note: 'Bank transfer' })
	await adminOrderAction(admin, delivered, 'mark-paid')
	await adminOrderAction(admin, delivered, 'mark-shipped', {
		carrier: 'DPD',
		trackingReference: '15501234567890123456',
	})
	await adminOrderAction(admin, delivered, 'mark-delivered')
	await adminOrderAction(admin, cancelled, 'cancel', { confirmed: 'yes' })
	return { customer, needsCost: customer.orderId, quoted, paid, delivered, cancelled }
}

/** The token of a quoted order's payment link (/pay/:token), as its admin page shows it. */
export async function paymentToken(admin: Page, orderId: string) {
	const html = await (await admin.request.get(`/admin/orders/${orderId}`)).text()
	const token = /\/pay\/([A-Za-z0-9_-]+)/.exec(html)?.[1]
	expect(token, `order ${orderId} has a payment link`).toBeTruthy()
	return token!
}

const ORDER_LINK = /https?:\/\/[^/\s"]+(\/account\/orders\/KP-[A-Z0-9]{6}\?key=[A-Za-z0-9_-]{43})/

/** The private link (path and key) of the customer's first order, from its confirmation email. */
export async function orderLink(customer: { email: string; orderId: string }) {
	const mail = await waitForEmail(customer.email, new RegExp(`order request ${customer.orderId}`))
	const link = ORDER_LINK.exec(mail)?.[1]
	expect(link, 'a private order link in the confirmation email').toBeTruthy()
	return link!
}

/** A visitor's enquiry through the contact form; returns its number (EN-…). */
export async function sendEnquiry(page: Page, baseURL: string) {
	const enquiry = await page.request.post(`${baseURL}/contact`, {
		form: {
			name: 'Ewan Grant',
			email: uniqueEmail('enquirer'),
			topic: 'pond',
			message: 'A wildlife pond about four metres across, please.',
		},
		headers: { origin: baseURL },
		maxRedirects: 0,
	})
	const enquiryId = /sent=(EN-\w+)/.exec(enquiry.headers().location ?? '')?.[1]
	expect(enquiryId).toBeTruthy()
	return enquiryId!
}

/** A 'Plan a pond' enquiry (issue 59) sent as `page`'s browser; its project id and private key. */
export async function sendBuildEnquiry(page: Page, baseURL: string) {
	const email = uniqueEmail('builder')
	const sent = await page.request.post(`${baseURL}/plan-a-pond`, {
		form: {
			name: 'Isla Munro',
			email,
			phone: '01463 654321',
			address: '4 Ness Bank, Inverness',
			postcode: 'IV2 4SF',
			type: 'wildlife',
			size: 'About 3 m across',
			budget: '5-10k',
			timescale: '3-months',
			heardFrom: 'recommendation',
		},
		headers: { origin: baseURL },
		maxRedirects: 0,
	})
	const [, id, key] =
		/\/account\/projects\/(PB-\w+)\?key=([\w-]+)/.exec(sent.headers().location ?? '') ?? []
	expect(id).toBeTruthy()
	return { id: id!, key: key!, email }
}

/**
 * A build surveyed and quoted (issue 59 items 4 and 7): version 1 sent to the customer, version 2
 * a draft in the builder; answers the draft's id.
 */
export async function quoteBuild(admin: Page, baseURL: string, buildId: string) {
	const project = `${baseURL}/admin/projects/${buildId}`
	const post = (url: string, form: Record<string, string>) =>
		admin.request.post(url, { form, headers: { origin: baseURL }, maxRedirects: 0 })
	const page = await (await admin.request.get(project)).text()
	const version = /name="version" value="(\d+)"/.exec(page)?.[1] ?? '1'
	expect((await post(project, { intent: 'status', status: 'surveyed', version })).status()).toBe(
		302,
	)
	const draft = async (from: string) => {
		const made = await post(project, { intent: 'new-quote', from })
		const id = /\/quotes\/(\d+)$/.exec(made.headers().location ?? '')?.[1]
		expect(id).toBeTruthy()
		return id!
	}
	const first = await draft('blank')
	const sent = await post(`${project}/quotes/${first}`, {
		intent: 'send',
		title: 'Wildlife pond with a beach',
		intro: 'As we discussed on site.',
		terms: 'You may cancel within 14 days of accepting.',
		validUntil: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
		'lines.0.section': 'Excavation',
		'lines.0.description': 'Dig out, shape the shelves and remove the spoil',
		'lines.0.quantity': '1',
		'lines.0.price': '2400.00',
		'lines.1.section': 'Planting',
		'lines.1.description': 'Marginal and oxygenating plants',
		'lines.1.quantity': '24',
		'lines.1.price': '7.50',
		'lines.1.optional': 'on',
		'stages.0.label': 'Deposit on acceptance',
		'stages.0.kind': 'percent',
		'stages.0.amount': '25',
		'stages.0.due': 'acceptance',
		'stages.1.label': 'On completion',
		'stages.1.kind': 'percent',
		'stages.1.amount': '75',
		'stages.1.due': 'completion',
	})
	expect(sent.status()).toBe(302)
	return draft('latest')
}

/**
 * A checked catalogue upload waiting to be published, with a changed price, a bad row and a long
 * file name; returns the preview's address. Nothing is published.
 */
export async function stagedCatalogue(admin: Page, baseURL: string) {
	const demo = fs.readFileSync('catalog/products.csv', 'utf8').trimEnd()
	const staged = await admin.request.post(`${baseURL}/admin/catalogue`, {
		multipart: {
			file: {
				name: 'a-rather-long-file-name-for-the-new-catalogue-prices-2026.csv',
				mimeType: 'text/csv',
				buffer: Buffer.from(
					`${demo.replace(',air_pumps,58.99,', ',air_pumps,61.50,')}\nBad Row,E2E-BAD-2,/images/products/ap-oa20.jpg,,Oase,pumps,abc,,,,,,\n`,
				),
			},
		},
		headers: { origin: baseURL },
		maxRedirects: 0,
	})
	const preview = staged.headers().location
	expect(preview).toMatch(/\/admin\/catalogue\?upload=/)
	return preview!
}

/**
 * The customer asks to return one item of a delivered order; returns the number of a request in
 * the staff inbox (the newest, this one unless another test's came in between).
 */
export async function returnRequest(
	customer: { context: { request: Page['request'] } },
	admin: Page,
	baseURL: string,
	orderId: string,
) {
	const returned = await customer.context.request.post(`/account/orders/${orderId}/return`, {
		form: { 'qty-0': '1', details: 'Ordered one too many' },
		headers: { origin: baseURL },
		maxRedirects: 0,
	})
	expect(returned.status()).toBe(302)
	const inbox = await (await admin.request.get('/admin/requests')).text()
	const requestId = /href="\/admin\/requests\/(\d+)"/.exec(inbox)?.[1]
	expect(requestId).toBeTruthy()
	return requestId!
}
