import type { Page } from '@playwright/test'
import { formatPence, parsePriceText } from '../../app/lib/money'
import { E2E_ADMIN } from '../../playwright.config'
import { expect, test } from './admin-session'
import { newCustomerWithOrder } from './factories'
import { waitForEmail } from './mail'
import { expectNoA11yViolations, visit, watchConsole } from './support'

/** The order's table row (its card on a phone: admin-mobile.spec.ts). */
const orderRow = (page: Page, orderId: string) =>
	page.locator(`[data-order-id="${orderId}"]:visible`)

async function openOrder(page: Page, orderId: string) {
	const row = orderRow(page, orderId)
	await row.getByRole('link').click()
	const modal = page.getByRole('dialog', { name: `Order ${orderId}` })
	await expect(modal).toBeVisible()
	return modal
}

test('quote to cash: set the delivery cost, the customer pays by the emailed link, ship and deliver', async ({
	adminPage: page,
	browser,
	baseURL,
}) => {
	const problems = watchConsole(page)
	await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
	const customer = await newCustomerWithOrder(browser, baseURL!)
	await visit(page, '/admin')
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admin Dashboard')
	await expect(page.getByText('Manage your orders')).toBeVisible()
	const row = orderRow(page, customer.orderId)
	await expect(row).toContainText('Needs delivery cost')
	await expect(row.getByRole('link')).toHaveText(/Set Delivery Cost/)
	// The row shows 'subtotal + delivery' until a cost is set, then the total.
	const before = (await row.textContent()) ?? ''
	const subtotal = parsePriceText(/£[\d,]+\.\d{2}(?= \+ delivery)/.exec(before)?.[0])!
	expect(subtotal).toBeGreaterThan(0)

	const modal = await openOrder(page, customer.orderId)
	await expect(page).toHaveURL(new RegExp(`/admin/orders/${customer.orderId}$`))
	await expect(modal).toContainText('To be confirmed')
	await expect(modal.getByRole('link', { name: /View on Supplier Website/ })).toHaveAttribute(
		'target',
		'_blank',
	)
	await expectNoA11yViolations(page)
	const cost = modal.getByLabel('Delivery cost (£)')
	await cost.fill('-2')
	await modal.getByRole('button', { name: 'Set Delivery Cost' }).click()
	// The error summary takes focus; its link leads to the field, which has its own message.
	await expect(modal.getByTestId('error-summary')).toBeFocused()
	await modal.getByRole('link', { name: 'Please enter a valid delivery cost' }).click()
	await expect(cost).toBeFocused()
	await expect(modal.locator('#delivery-cost-error')).toHaveText(
		'Please enter a valid delivery cost',
	)
	await cost.fill('45.50')
	await expect(modal.getByText('Please enter a valid delivery cost')).toHaveCount(0)
	await modal.getByLabel('Admin notes').fill('Pallet delivery, customer has a lane')
	await modal.getByRole('button', { name: 'Set Delivery Cost' }).click()
	await expect(modal.getByRole('status').first()).toHaveText(
		'Delivery cost set and payment link created successfully',
	)
	await expect(modal).toContainText('Awaiting Payment')
	await modal.getByRole('button', { name: 'Copy Link' }).click()
	await expect(modal.getByText('Payment link copied to clipboard!')).toBeVisible()
	await page.keyboard.press('Escape')
	await expect(page).toHaveURL(/\/admin$/)
	await expect(row).toHaveAttribute('data-highlighted', 'true')
	await expect(row).not.toHaveAttribute('data-highlighted', 'true', { timeout: 4000 })
	await expect(row).toContainText(formatPence(subtotal + 4550))
	await expect(row).not.toContainText('+ delivery')

	// The customer finds the link in the quote email and pays it.
	const mail = await waitForEmail(customer.email, /pay\//)
	expect(mail).toContain(`order ${customer.orderId}`)
	const link = mail.match(/https?:\/\/[^\s"<]+\/pay\/[A-Za-z0-9_-]+/)![0]
	const buyer = await customer.context.newPage()
	await visit(buyer, new URL(link).pathname)
	await expect(buyer.getByText(`Order ${customer.orderId}`).first()).toBeVisible()
	await buyer.getByRole('button', { name: /^Pay £/ }).click()
	await expect(buyer.getByRole('heading', { name: 'Payment received' })).toBeVisible()
	await waitForEmail(customer.email, /received your payment/)
	await visit(buyer, '/auth?tab=orders')
	await expect(buyer.getByText('Paid', { exact: true })).toBeVisible()

	// Fulfilment: the admin sees paid, ships with a tracking reference, then delivers.
	await page.reload()
	const paidModal = await openOrder(page, customer.orderId)
	await expect(paidModal).toContainText('Paid')
	// The payment issued a receipt (no VAT number in this shop): staff download it as a PDF.
	const receipt = paidModal.getByRole('link', { name: /^Receipt RCT-\d{6} \(PDF\)/ })
	const [download] = await Promise.all([page.waitForEvent('download'), receipt.click()])
	expect(download.suggestedFilename()).toMatch(/^RCT-\d{6}\.pdf$/)
	// The notes typed when quoting stay in view once paid, and staff can add more (issue 34 item 4).
	await expect(paidModal.getByTestId('admin-notes')).toContainText(
		'Pallet delivery, customer has a lane',
	)
	await paidModal.getByLabel('Add a note').fill('Customer asked for a morning delivery')
	await paidModal.getByRole('button', { name: 'Add note' }).click()
	await expect(paidModal.getByRole('status').first()).toHaveText('Note added')
	await expect(
		paidModal.getByRole('listitem').filter({ hasText: 'Customer asked for a morning delivery' }),
	).toContainText(E2E_ADMIN.email)
	await expect(paidModal.getByLabel('Add a note')).toHaveValue('')
	await paidModal.getByLabel('Carrier (optional)').fill('DPD')
	await paidModal.getByLabel('Tracking reference (optional)').fill('15501234567')
	await paidModal.getByRole('button', { name: 'Mark as shipped' }).click()
	await expect(paidModal.getByRole('status').first()).toHaveText('Order marked as shipped')
	await paidModal.getByRole('button', { name: 'Mark as delivered' }).click()
	await expect(paidModal.getByRole('status').first()).toHaveText('Order marked as delivered')
	await expect(paidModal.getByText('Shipped → Delivered')).toBeVisible()
	await expect(paidModal.getByText('Customer asked for a morning delivery')).toBeVisible()
	await expect(paidModal.getByTestId('admin-notes')).toBeVisible()
	await waitForEmail(customer.email, /15501234567/)
	await waitForEmail(customer.email, /has been delivered/)
	await customer.context.close()
	expect(problems).toEqual([])
})

test('cancel and uncancel with confirmation; a price update asks first and sends a new link', async ({
	adminPage: page,
	browser,
	baseURL,
}) => {
	const customer = await newCustomerWithOrder(browser, baseURL!)
	await visit(page, `/admin/orders/${customer.orderId}`)
	const modal = page.getByRole('dialog', { name: `Order ${customer.orderId}` })
	await modal.getByLabel('Delivery cost (£)').fill('30')
	await modal.getByRole('button', { name: 'Set Delivery Cost' }).click()
	await expect(modal.getByRole('status').first()).toHaveText(
		'Delivery cost set and payment link created successfully',
	)
	const firstLink = (await modal.getByTestId('payment-link').textContent())!

	await modal.getByLabel('Delivery cost (£)').fill('35')
	await modal.getByRole('button', { name: 'Update Delivery Cost' }).click()
	const confirm = modal.getByRole('alertdialog', { name: 'Confirm Price Update' })
	await expect(confirm).toBeVisible()
	await expectNoA11yViolations(page)
	await confirm.getByRole('button', { name: 'Confirm Price Update' }).click()
	await expect(modal.getByRole('status').first()).toHaveText(
		'Order updated and new payment link created successfully',
	)
	await expect(modal.getByTestId('payment-link')).not.toHaveText(firstLink)
	const stale = await page.context().newPage()
	await visit(stale, new URL(firstLink).pathname)
	// A replaced link says so, and points to the newer email (issue 31 item 2).
	await expect(stale.getByRole('heading', { level: 1 })).toHaveText(
		'This payment link has been replaced',
	)

	await modal.getByRole('button', { name: 'Cancel Order' }).click()
	const cancel = modal.getByRole('alertdialog', { name: 'Cancel this order?' })
	await cancel.getByRole('button', { name: 'Yes, cancel order' }).click()
	await expect(modal.getByRole('status').first()).toHaveText(
		'Order has been cancelled and payment link deactivated',
	)
	await expect(modal.getByLabel('Delivery cost (£)')).toHaveCount(0)
	await modal.getByRole('button', { name: 'Uncancel Order' }).click()
	await expect(modal.getByRole('status').first()).toHaveText(
		'Order has been uncancelled and set to payment_pending',
	)
	await expect(modal.getByTestId('admin-notes')).toContainText('Order cancelled by admin.')
	await modal.getByRole('link', { name: 'Close' }).last().click()
	await expect(page).toHaveURL(/\/admin$/)
})

test('filters live in the URL, narrow the list on the server, reset, and export as CSV', async ({
	adminPage: page,
	browser,
	baseURL,
}) => {
	const surname = `Filterby${Math.floor(Math.random() * 1e6)}`
	const customer = await newCustomerWithOrder(browser, baseURL!, { lastName: surname })
	await visit(page, '/admin')
	await page.getByText('Show Filters').click()
	await page.getByLabel('Customer Name').fill(surname.toLowerCase())
	await page.getByLabel('Status').selectOption('pending')
	await page.getByRole('button', { name: 'Apply Filters' }).click()
	await expect(page).toHaveURL(new RegExp(`name=${surname.toLowerCase()}`))
	await expect(page.locator('[data-order-id]:visible')).toHaveCount(1)
	await expect(orderRow(page, customer.orderId)).toBeVisible()
	await expectNoA11yViolations(page)

	const download = page.waitForEvent('download')
	await page.getByRole('link', { name: 'Export CSV' }).click()
	const file = await (await download).path()
	const csv = await import('node:fs').then((fs) => fs.readFileSync(file, 'utf8'))
	expect(csv.trim().split('\r\n')).toHaveLength(2)
	expect(csv).toContain(customer.orderId)

	await page.getByLabel('Status').selectOption('paid')
	await page.getByRole('button', { name: 'Apply Filters' }).click()
	await expect(page.getByText('No orders found matching your filters.')).toBeVisible()
	await page.getByRole('link', { name: 'Reset Filters' }).click()
	await expect(page).toHaveURL(/\/admin\?panel=open$/)
	await expect(orderRow(page, customer.orderId)).toBeVisible()
	// The panel stays open with its fields cleared, ready for the next filter (issue 34 item 10).
	await expect(page.getByLabel('Customer Name')).toBeVisible()
	await expect(page.getByLabel('Customer Name')).toHaveValue('')
	await customer.context.close()
})

test('a filter changed while the last one is still loading keeps its value (issue 62 item 9)', async ({
	adminPage: page,
}) => {
	await visit(page, '/admin?panel=open&name=grant')
	await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
	// The list's data for the next filter is held back, as on a busy machine.
	let release = () => {}
	const held = new Promise<void>((resolve) => {
		release = resolve
	})
	const listData = (url: URL) => url.pathname === '/admin.data'
	await page.route(listData, async (route) => {
		await held
		await route.continue()
	})
	await page.getByLabel('Status').selectOption('pending')
	await page.getByRole('button', { name: 'Apply Filters' }).click()
	await expect(page.getByText('Loading orders…')).toBeAttached()
	// While it loads, the person changes their mind and starts typing an order number.
	await page.getByLabel('Status').selectOption('cancelled')
	await page.getByLabel('Order ID').fill('KP-')
	release()
	await expect(page).toHaveURL(/status=pending/)
	await expect(page.getByText('Loading orders…')).toHaveCount(0)
	// What they changed since applying stays; what they did not follows the applied filter.
	await expect(page.getByLabel('Status')).toHaveValue('cancelled')
	await expect(page.getByLabel('Order ID')).toHaveValue('KP-')
	await expect(page.getByLabel('Customer Name')).toHaveValue('grant')
	// The field kept its focus: typing goes on where it was.
	await page.keyboard.type('2026')
	await expect(page.getByLabel('Order ID')).toHaveValue('KP-2026')
	await page.unroute(listData)
	await page.getByRole('button', { name: 'Apply Filters' }).click()
	await expect(page).toHaveURL(/status=cancelled/)
	await expect(page).toHaveURL(/orderId=KP-2026/)
	await expect(page.getByLabel('Status')).toHaveValue('cancelled')
	// Reset clears every field, changed or not.
	await page.getByLabel('Customer Name').fill('someone')
	await page.getByRole('link', { name: 'Reset Filters' }).click()
	await expect(page).toHaveURL(/\/admin\?panel=open$/)
	for (const label of ['Status', 'Order ID', 'Customer Name'])
		await expect(page.getByLabel(label)).toHaveValue('')
})
