import { STRIPE_SHOP_URL } from '../../playwright.config'
import { expect, test } from './admin-session'
import { newCustomerWithOrder } from './factories'
import { expectNoA11yViolations, visit, watchConsole } from './support'

// The second e2e shop runs with Stripe keys against the fake Stripe server (playwright.config.ts).
test.use({ baseURL: STRIPE_SHOP_URL })

test('card payment with Stripe: the link opens Checkout, the webhook marks it paid, cancelling refunds', async ({
	adminPage: page,
	browser,
}) => {
	const problems = watchConsole(page)
	const customer = await newCustomerWithOrder(browser, STRIPE_SHOP_URL)
	await visit(page, `/admin/orders/${customer.orderId}`)
	const modal = page.getByRole('dialog', { name: `Order ${customer.orderId}` })
	await modal.getByLabel('Delivery cost (£)').fill('30')
	await modal.getByRole('button', { name: 'Set Delivery Cost' }).click()
	await expect(modal.getByRole('status').first()).toHaveText(
		'Delivery cost set and payment link created successfully',
	)
	await modal.getByRole('button', { name: 'Check payment status' }).click()
	await expect(modal.getByRole('status').first()).toHaveText(
		'No completed payment was found for this order yet',
	)
	await expectNoA11yViolations(page)
	const link = (await modal.getByTestId('payment-link').textContent())!
	expect(link).toMatch(new RegExp(`^${STRIPE_SHOP_URL}/pay/[A-Za-z0-9_-]+$`))

	// The customer opens our link in two tabs: our page first, with the price and how long it is held.
	const path = new URL(link).pathname
	const buyer = await customer.context.newPage()
	await buyer.goto(path)
	await expect(buyer.getByText(/^Price held until /)).toBeVisible()
	await expectNoA11yViolations(buyer)
	const otherTab = await customer.context.newPage()
	await otherTab.goto(path)
	// Pressing Pay in each tab hands over to one and the same (fake) Stripe Checkout Session.
	for (const tab of [buyer, otherTab]) {
		await tab.getByRole('button', { name: /^Pay £[\d,.]+ now$/ }).click()
		await expect(tab.getByRole('heading', { name: 'Fake Stripe Checkout' })).toBeVisible()
		await expect(tab.getByText(`Order ${customer.orderId}`)).toBeVisible()
	}
	expect(otherTab.url()).toBe(buyer.url())
	// Paying in the first tab brings the customer back to our page, paid.
	await buyer.getByRole('button', { name: /^Pay £/ }).click()
	await expect(buyer).toHaveURL(new RegExp(`${path}\\?paid=1$`))
	await expect(buyer.getByRole('heading', { name: 'Payment received' })).toBeVisible()
	// The second tab cannot take the money again (issue 28: no double charge).
	await otherTab.getByRole('button', { name: /^Pay £/ }).click()
	await expect(otherTab.getByRole('heading', { name: 'This checkout has expired' })).toBeVisible()
	await visit(buyer, '/auth?tab=orders')
	await expect(buyer.getByText('Paid', { exact: true })).toBeVisible()

	// The admin sees it paid and cancels with a full refund, after confirming.
	await page.reload()
	// The status badge, not the 'Mark as Paid' button that said 'Paid' before.
	await expect(modal.getByText('Paid', { exact: true }).first()).toBeVisible()
	await modal.getByRole('button', { name: 'Cancel and refund' }).click()
	await expect(modal.getByRole('alertdialog')).toContainText('Cancel and refund this order?')
	await modal.getByRole('button', { name: 'Yes, cancel and refund' }).click()
	await expect(modal.getByRole('status').first()).toHaveText(
		'Order has been cancelled and the payment refunded in full',
	)
	await expect(modal).toContainText('refunded')
	await expectNoA11yViolations(page)
	expect(problems).toEqual([])
})
