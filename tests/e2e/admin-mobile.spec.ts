import fs from 'node:fs'
import { expect, type Locator, type Page, test } from '@playwright/test'
import { allRoutes } from '../support/routes'
import {
	adminOrderAction,
	anotherOrder,
	newCustomerWithOrder,
	signInAsAdmin,
	uniqueEmail,
} from './factories'
import { visit } from './support'

/** Fails with the widest culprits named when the page (or the open modal) scrolls sideways. */
async function expectNoSidewaysScroll(page: Page, path: string) {
	const widths = await page.evaluate(() => {
		const dialog = document.querySelector('dialog[open]')
		const wide = [...document.querySelectorAll<HTMLElement>('body *')]
			.filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5)
			.filter((el) => !el.closest('.sr-only'))
			.slice(0, 5)
			.map((el) => `${el.tagName.toLowerCase()}.${el.className}`.slice(0, 120))
		return {
			page: document.documentElement.scrollWidth,
			viewport: window.innerWidth,
			dialog: dialog ? dialog.scrollWidth - dialog.clientWidth : 0,
			wide,
		}
	})
	expect(
		widths.page,
		`${path} is wider than the phone: ${widths.wide.join(' | ')}`,
	).toBeLessThanOrEqual(widths.viewport)
	expect(widths.dialog, `${path}: the order modal scrolls sideways`).toBeLessThanOrEqual(0)
}

async function expectInViewport(page: Page, locator: Locator, what: string) {
	await expect(locator, what).toBeVisible()
	const box = (await locator.boundingBox())!
	const width = page.viewportSize()!.width
	expect(box.x, `${what} starts on screen`).toBeGreaterThanOrEqual(0)
	expect(box.x + box.width, `${what} ends on screen`).toBeLessThanOrEqual(width)
}

test('every admin page fits a 360 px phone; order cards show status, total and action @mobile', async ({
	page,
	browser,
	baseURL,
}) => {
	test.setTimeout(90_000)
	// Both projects: the phone (touch) and a desktop browser made narrow (a file input is wider there).
	await page.setViewportSize({ width: 360, height: 780 })
	// One order in each state the modal shows differently.
	const customer = await newCustomerWithOrder(browser, baseURL!)
	const orders: string[] = []
	for (let i = 0; i < 4; i++) orders.push(await anotherOrder(customer, baseURL!))
	const [quoted, paid, delivered, cancelled] = orders as [string, string, string, string]
	await signInAsAdmin(page)
	for (const id of orders)
		await adminOrderAction(page, id, 'set-delivery-cost', { deliveryCost: '30' })
	await adminOrderAction(page, paid, 'mark-paid', { note: 'Bank transfer' })
	await adminOrderAction(page, delivered, 'mark-paid')
	await adminOrderAction(page, delivered, 'mark-shipped', {
		carrier: 'DPD',
		trackingReference: '15501234567890123456',
	})
	await adminOrderAction(page, delivered, 'mark-delivered')
	await adminOrderAction(page, cancelled, 'cancel', { confirmed: 'yes' })
	const enquiry = await page.request.post(`${baseURL}/contact`, {
		form: {
			name: 'Ewan Grant',
			email: uniqueEmail('enquirer'),
			topic: 'pond',
			message: 'A wildlife pond about four metres across, please.',
		},
		headers: { origin: baseURL! },
		maxRedirects: 0,
	})
	const enquiryId = /sent=(EN-\w+)/.exec(enquiry.headers().location ?? '')?.[1]
	expect(enquiryId).toBeTruthy()

	// A checked upload waiting to be published (the preview), with a changed price and a bad row.
	const demo = fs.readFileSync('catalog/products.csv', 'utf8').trimEnd()
	const staged = await page.request.post(`${baseURL}/admin/catalogue`, {
		multipart: {
			file: {
				name: 'a-rather-long-file-name-for-the-new-catalogue-prices-2026.csv',
				mimeType: 'text/csv',
				buffer: Buffer.from(
					`${demo.replace(',air_pumps,58.99,', ',air_pumps,61.50,')}\nBad Row,E2E-BAD-2,/images/products/ap-oa20.jpg,,Oase,pumps,abc,,,,,,\n`,
				),
			},
		},
		headers: { origin: baseURL! },
		maxRedirects: 0,
	})
	const preview = staged.headers().location
	expect(preview).toMatch(/\/admin\/catalogue\?upload=/)

	// A customer's return of the delivered order: a request in the inbox.
	const returned = await customer.context.request.post(`/account/orders/${delivered}/return`, {
		form: { 'qty-0': '1', details: 'Ordered one too many' },
		headers: { origin: baseURL! },
		maxRedirects: 0,
	})
	expect(returned.status()).toBe(302)
	const inbox = await (await page.request.get(`${baseURL}/admin/requests`)).text()
	const requestId = /href="\/admin\/requests\/(\d+)"/.exec(inbox)?.[1]
	expect(requestId).toBeTruthy()

	const pages = [
		'/admin',
		'/admin/requests',
		`/admin/requests/${requestId}`,
		`/admin/orders/${customer.orderId}`,
		`/admin/orders/${quoted}`,
		`/admin/orders/${paid}`,
		`/admin/orders/${delivered}`,
		`/admin/orders/${cancelled}`,
		'/admin/catalogue',
		preview!,
		'/admin/products',
		'/admin/products/0',
		'/admin/products/0?confirm=delete',
		'/admin/products/new',
		'/admin/settings',
		'/admin/portfolio',
		'/admin/portfolio/pond3',
		'/admin/portfolio/new',
		'/admin/testimonials',
		'/admin/testimonials?edit=1',
		'/admin/delivery',
		'/admin/jobs',
		'/admin/insights',
		'/admin/insights?period=12m',
		'/admin/enquiries',
		`/admin/enquiries/${enquiryId}`,
	]
	// Every admin page in app/routes.ts is among them: a new one is checked from the day it lands.
	for (const route of allRoutes().filter(
		(r) => /^admin\b/.test(r.path) && r.file.endsWith('.tsx'),
	)) {
		const pattern = new RegExp(`^/${route.path.replace(/:\w+/g, '[^/?]+')}(\\?|$)`)
		expect(
			pages.some((p) => pattern.test(p)),
			`/${route.path} is not checked at 360 px`,
		).toBe(true)
	}
	for (const path of pages) {
		await visit(page, path, { a11y: false })
		await expectNoSidewaysScroll(page, path)
	}

	// The sections are one row that scrolls sideways (eleven wrapped tabs filled the first screen),
	// the current one brought into view; axe checks the strip (a11y on).
	await visit(page, '/admin/settings')
	const sections = page.getByRole('navigation', { name: 'Admin sections' })
	expect((await sections.boundingBox())!.height).toBeLessThan(60)
	await expectInViewport(page, sections.getByRole('link', { name: 'Business details' }), 'tab')
	// From the first tab, a fade and an arrow say more tabs lie to the right; at the end they go.
	await visit(page, '/admin/requests', { a11y: false })
	const more = page.getByTestId('more-sections')
	await expect(more).toBeVisible()
	await sections.evaluate((nav) => {
		nav.scrollLeft = nav.scrollWidth
	})
	await expect(more).toHaveCount(0)

	await visit(page, '/admin')
	const card = page.locator(`[data-order-id="${quoted}"]:visible`)
	await expectInViewport(page, card.getByText('Awaiting Payment'), 'status')
	await expectInViewport(page, card.getByText('£', { exact: false }).first(), 'total')
	await expectInViewport(page, card.getByRole('link', { name: /View/ }), 'action')
	const attention = page.locator(`[data-order-id="${customer.orderId}"]:visible`)
	await expectInViewport(page, attention.getByRole('link', { name: /Set Delivery Cost/ }), 'action')

	// The payment link is readable in full (it wraps) and has a copy button.
	await visit(page, `/admin/orders/${quoted}`)
	const link = page.getByRole('dialog').getByTestId('payment-link')
	await expectInViewport(page, link, 'payment link')
	expect(await link.textContent()).toMatch(/^https?:\/\/.+\/pay\/[\w-]+$/)
	await page.getByRole('button', { name: 'Copy Link' }).click()
	await expect(page.getByText('Payment link copied to clipboard!')).toBeVisible()
})
