import { expect, type Page, test } from '@playwright/test'
import { nextLondonTime } from '../../app/lib/london-time'
import { type ClockedShop, startClockedShop } from './clocked-shop'
import { newCustomerWithOrder, signInAsAdmin } from './factories'
import { countEmails, STAFF_EMAIL, waitForEmail } from './mail'
import { expectNoA11yViolations, visit } from './support'

// Issue 31, tried as a customer and the owner would, with the shop's clock moved on by days: a
// quote's reminder, its expiry, 'Ask for a new quote', the re-quote paid on our pay page, and the
// owner's morning summary arriving once. The journey runs once, with the test provider: paying a
// link through Stripe Checkout is stripe.spec.ts's journey, and an expired quote's Stripe sessions
// are tests/integration/stripe-checkout.test.ts's (a second clocked shop cost a minute of CI).

const PORT = Number(process.env.E2E_PORT ?? 4173) + 20
const BUSINESS = STAFF_EMAIL
const DAY = 86_400_000
let shop: ClockedShop | undefined

test.afterEach(async () => {
	await shop?.stop()
	shop = undefined
})

/** Staff set the delivery cost on the order page; returns the new payment link's path. */
async function quote(page: Page, orderId: string, cost: string) {
	await signInAsAdmin(page)
	await visit(page, `/admin/orders/${orderId}`)
	const modal = page.getByRole('dialog', { name: `Order ${orderId}` })
	await modal.getByLabel('Delivery cost (£)').fill(cost)
	await modal.getByRole('button', { name: /Set Delivery Cost|Update Delivery Cost/ }).click()
	await expect(modal.getByRole('status').first()).toHaveText(
		'Delivery cost set and payment link created successfully',
	)
	const link = (await modal.getByTestId('payment-link').textContent())!
	// Days pass before staff come back: they sign in afresh then.
	await page.context().clearCookies()
	return new URL(link).pathname
}

/** The expired link's page: one click asks for a new quote, and staff are told. */
async function askAgain(buyer: Page, path: string, orderId: string, outbox: string) {
	await visit(buyer, path)
	await expect(buyer.getByRole('heading', { name: 'This quote has expired' })).toBeVisible()
	await buyer.getByRole('button', { name: 'Ask for a new quote' }).click()
	await expect(buyer.getByRole('heading', { name: 'A new quote is on its way' })).toBeVisible()
	await expectNoA11yViolations(buyer)
	await waitForEmail(BUSINESS, new RegExp(`New quote asked for: order ${orderId}`), outbox)
}

test('a quote is reminded, expires, is asked for again, re-quoted and paid; the morning summary comes once', async ({
	browser,
}) => {
	test.setTimeout(120_000)
	shop = await startClockedShop(PORT)
	const { url, outbox } = shop
	const customer = await newCustomerWithOrder(browser, url)
	const page = await (await browser.newContext({ baseURL: url })).newPage()
	const first = await quote(page, customer.orderId, '45')
	await waitForEmail(customer.email, new RegExp(`${first}`), outbox)

	// Twelve days on (the price is held for 14): one reminder, with the link and a way to stop.
	shop.setOffset(12, 1)
	const reminder = await waitForEmail(customer.email, /A reminder about your quote/, outbox)
	expect(reminder).toContain(first)
	expect(reminder).toContain(`${first}/reminders`)

	// The price ends: the link is switched off and the customer told.
	shop.setOffset(14, 1)
	await waitForEmail(customer.email, /Your quote has expired/, outbox)
	expect(countEmails(customer.email, /A reminder about your quote/, outbox)).toBe(1)
	const buyer = await customer.context.newPage()
	await askAgain(buyer, first, customer.orderId, outbox)

	// Staff quote again; the customer pays through our pay page, which shows how long it is held.
	const second = await quote(page, customer.orderId, '39.50')
	expect(second).not.toBe(first)
	await visit(buyer, second)
	await expect(buyer.getByText(/^Price held until /)).toBeVisible()
	await buyer.getByRole('button', { name: /^Pay £[\d,.]+ now$/ }).click()
	await expect(buyer.getByRole('heading', { name: 'Payment received' })).toBeVisible()
	await waitForEmail(customer.email, /received your payment/, outbox)

	// The next 07:30 in the UK: the owner's summary lists the paid order to dispatch, once.
	const summary = /Paid orders to dispatch/
	const before = countEmails(BUSINESS, summary, outbox)
	const fakeNow = Date.now() + 14 * DAY + 3_600_000
	const morning = nextLondonTime(new Date(fakeNow), '07:30').getTime()
	shop.setOffset((morning + 60_000 - Date.now()) / DAY)
	await expect
		.poll(() => countEmails(BUSINESS, summary, outbox), { timeout: 15_000 })
		.toBe(before + 1)
	// The paid order is counted among the orders to dispatch (only this summary can count it).
	expect(countEmails(BUSINESS, /1 paid order to dispatch/, outbox)).toBe(1)
	shop.setOffset((morning + 3 * 3_600_000 - Date.now()) / DAY)
	await page.waitForTimeout(3_000) // three polls of the scheduler at the later time
	expect(countEmails(BUSINESS, summary, outbox)).toBe(before + 1)
	await customer.context.close()
})
