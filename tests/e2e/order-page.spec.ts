import { expect, test } from './admin-session'
import { adminOrderAction, newCustomerWithOrder } from './factories'
import { waitForEmail } from './mail'
import { expectFitsPhone, visit, watchConsole } from './support'

/** Issue 30 items 1–3: the order page, opened from the email on a device that is not signed in. */

const LINK = /https?:\/\/[^/\s"]+(\/account\/orders\/KP-[A-Z0-9]{6}\?key=[A-Za-z0-9_-]{43})/

test('a customer opens their order from the email in a signed-out browser', async ({
	browser,
	baseURL,
	page,
	adminPage: admin,
}) => {
	const customer = await newCustomerWithOrder(browser, baseURL!)
	const email = await waitForEmail(customer.email, new RegExp(`order request ${customer.orderId}`))
	const link = LINK.exec(email)?.[1]
	expect(link, 'a private order link in the confirmation email').toBeTruthy()
	expect(link).toContain(`/account/orders/${customer.orderId}?key=`)

	// `page` is a fresh browser context: nobody is signed in.
	const problems = watchConsole(page)
	const response = await visit(page, link!)
	expect(response?.status()).toBe(200)
	expect(response?.headers()['cache-control']).toContain('no-store')
	expect(response?.headers()['referrer-policy']).toBe('no-referrer')
	await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order ${customer.orderId}`)
	await expect(page.getByTestId('next-step')).toHaveText(
		'We are working out your delivery cost — usually within one working day.',
	)
	await expect(page.getByText('To be confirmed', { exact: true })).toBeVisible()
	await expect(page.getByText('Delivery notes: Lorry access from the lane')).toBeVisible()
	await expect(page.getByTestId('order-timeline')).toContainText('Order requested')
	// Nothing overflows sideways, at 360 px either.
	await expectFitsPhone(page, 'the order page from the email')

	// Staff quote it: the same link now shows the total and a Pay button.
	await adminOrderAction(admin, customer.orderId, 'set-delivery-cost', { deliveryCost: '25' })
	await visit(page, link!)
	await expect(page.getByTestId('next-step')).toHaveText(
		/^Pay £\d[\d,]*\.\d\d by \d{1,2} \w{3} \d{4}\.$/,
	)
	await expect(page.getByTestId('order-timeline')).toContainText('Quoted and payment link sent')
	await page.getByRole('link', { name: /^Pay £/ }).click()
	await expect(page).toHaveURL(/\/pay\//)
	expect(problems).toEqual([])
	await customer.context.close()
})

test('a wrong key is a 404 that says the link has expired or is not right, and emails a fresh one to the order’s address', async ({
	browser,
	baseURL,
	page,
}) => {
	const customer = await newCustomerWithOrder(browser, baseURL!)
	const response = await visit(page, `/account/orders/${customer.orderId}?key=${'x'.repeat(43)}`)
	expect(response?.status()).toBe(404)
	await expect(page.getByRole('heading', { level: 1 })).toHaveText(
		'This order link has expired or is not right',
	)
	await page.getByRole('link', { name: 'Email me a new link' }).click()
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Get a link to your order')
	await expect(page.getByLabel('Order number')).toHaveValue(customer.orderId)
	await page.getByLabel('Email address').fill(customer.email)
	await page.getByRole('button', { name: 'Email me a link' }).click()
	await expect(page.getByTestId('order-link-sent')).toContainText(
		'If that order number and email address match an order',
	)
	const email = await waitForEmail(customer.email, /You asked for a new link/)
	const link = LINK.exec(email)?.[1]
	await visit(page, link!)
	await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order ${customer.orderId}`)
	await customer.context.close()
})

test('My Account lists each order with a link to its page', async ({ browser, baseURL }) => {
	const customer = await newCustomerWithOrder(browser, baseURL!)
	const page = await customer.context.newPage()
	await visit(page, '/auth?tab=orders')
	await page
		.getByRole('link', { name: `Order details and history for order ${customer.orderId}` })
		.click()
	await expect(page).toHaveURL(new RegExp(`/account/orders/${customer.orderId}$`))
	await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order ${customer.orderId}`)
	await expect(page.getByRole('link', { name: 'All your orders' })).toBeVisible()
	await customer.context.close()
})

test('after paying, the receipt downloads from the order page; cancelling refunds it with a credit note', async ({
	browser,
	baseURL,
	page,
	adminPage: admin,
}) => {
	const customer = await newCustomerWithOrder(browser, baseURL!)
	const email = await waitForEmail(customer.email, new RegExp(`order request ${customer.orderId}`))
	const link = LINK.exec(email)![1]!
	await adminOrderAction(admin, customer.orderId, 'set-delivery-cost', { deliveryCost: '25' })
	const problems = watchConsole(page)
	await visit(page, link)
	await page.getByRole('link', { name: /^Pay £/ }).click()
	await page.getByRole('button', { name: /^Pay £[\d,.]+ now$/ }).click()
	await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible()

	// 'View your order' opens the page in this signed-out browser (issue 62 item 1), with a fresh key.
	await page.getByRole('button', { name: 'View your order' }).click()
	await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order ${customer.orderId}`)
	expect(page.url()).toMatch(new RegExp(`/account/orders/${customer.orderId}\\?key=`))
	expect(page.url()).not.toContain(link)
	const receipt = page.getByRole('link', { name: /^Receipt RCT-\d{6} \(PDF\)/ })
	await expect(receipt).toBeVisible()
	const [download] = await Promise.all([page.waitForEvent('download'), receipt.click()])
	expect(download.suggestedFilename()).toMatch(/^RCT-\d{6}\.pdf$/)

	// Changed their mind before dispatch: one confirmation, refunded at once.
	await page.getByText('Cancel this order').click()
	await page.getByRole('button', { name: 'Yes, cancel my order' }).click()
	await expect(
		page.getByRole('status').filter({ hasText: 'Your order has been cancelled' }),
	).toContainText('refunded to your card')
	await expect(page.getByRole('link', { name: /^Credit note CN-\d{6} \(PDF\)/ })).toBeVisible()
	await expect(page.getByText('Cancel this order')).toHaveCount(0)
	await visit(page, link) // the page as it stands now, checked for accessibility
	await waitForEmail(customer.email, /filename=CN-\d{6}\.pdf/)
	expect(problems).toEqual([])
	await customer.context.close()
})
