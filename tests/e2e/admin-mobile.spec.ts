import type { Locator, Page } from '@playwright/test'
import { expect, test } from './admin-session'
import { adminOrderAction, anotherOrder, newCustomerWithOrder } from './factories'
import { visit } from './support'

// What the admin pages do on a phone. Every admin page is opened at 360 px (and on the desktop) in
// every-page.spec.ts, from the list in app/routes.ts.

async function expectInViewport(page: Page, locator: Locator, what: string) {
	await expect(locator, what).toBeVisible()
	const box = (await locator.boundingBox())!
	const width = page.viewportSize()!.width
	expect(box.x, `${what} starts on screen`).toBeGreaterThanOrEqual(0)
	expect(box.x + box.width, `${what} ends on screen`).toBeLessThanOrEqual(width)
}

test('on a phone the sections are one sideways row, order cards show status, total and action, and a card opens its order @phone', async ({
	adminPage: page,
	browser,
	baseURL,
}) => {
	// An order waiting for its delivery cost, and one quoted.
	const customer = await newCustomerWithOrder(browser, baseURL!)
	const quoted = await anotherOrder(customer, baseURL!)
	await adminOrderAction(page, quoted, 'set-delivery-cost', { deliveryCost: '30' })

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

	// A card opens its order; once it is quoted, closing it comes back to the list with that card
	// picked out (the desktop's table row: admin.spec.ts).
	await attention.getByRole('link').click()
	const modal = page.getByRole('dialog', { name: `Order ${customer.orderId}` })
	await modal.getByLabel('Delivery cost (£)').fill('45.50')
	await modal.getByRole('button', { name: 'Set Delivery Cost' }).click()
	await expect(modal.getByRole('status').first()).toHaveText(
		'Delivery cost set and payment link created successfully',
	)
	await page.keyboard.press('Escape')
	await expect(page).toHaveURL(/\/admin$/)
	await expect(attention).toHaveAttribute('data-highlighted', 'true')
	await expect(attention.getByText('Awaiting Payment')).toBeVisible()

	// The payment link is readable in full (it wraps) and has a copy button.
	await visit(page, `/admin/orders/${quoted}`)
	const link = page.getByRole('dialog').getByTestId('payment-link')
	await expectInViewport(page, link, 'payment link')
	expect(await link.textContent()).toMatch(/^https?:\/\/.+\/pay\/[\w-]+$/)
	await page.getByRole('button', { name: 'Copy Link' }).click()
	await expect(page.getByText('Payment link copied to clipboard!')).toBeVisible()
	await customer.context.close()
})
