import { expect, test } from './admin-session'
import { adminOrderAction, newCustomerWithOrder } from './factories'
import { waitForEmail } from './mail'
import { smallPhoto } from './photos'
import { expectFitsPhone, visit, watchConsole } from './support'

/**
 * Issue 30 items 6–9: a delivered order gets a return of one line and a problem report with a
 * photo; staff mark the goods received, refund them with a credit note, and resolve the report.
 */
const LINK = /https?:\/\/[^/\s"]+(\/account\/orders\/KP-[A-Z0-9]{6}\?key=[A-Za-z0-9_-]{43})/

test('a return and a problem report, resolved by staff with a partial refund', async ({
	browser,
	baseURL,
	page,
	adminPage: admin,
}) => {
	test.setTimeout(90_000)
	const customer = await newCustomerWithOrder(browser, baseURL!, { quantity: 2 })
	const email = await waitForEmail(customer.email, new RegExp(`order request ${customer.orderId}`))
	const link = LINK.exec(email)![1]!
	await adminOrderAction(admin, customer.orderId, 'set-delivery-cost', { deliveryCost: '25' })
	const problems = watchConsole(page)
	await visit(page, link)
	await page.getByRole('link', { name: /^Pay £/ }).click()
	await page.getByRole('button', { name: /^Pay £[\d,.]+ now$/ }).click()
	await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible()
	await adminOrderAction(admin, customer.orderId, 'mark-shipped', {
		carrier: 'DPD',
		trackingReference: '15501234567890',
	})
	await adminOrderAction(admin, customer.orderId, 'mark-delivered')

	// The customer returns one of the two, from the signed-out link.
	await visit(page, link)
	await expect(page.getByText(/You can return items until \d{1,2} \w{3} \d{4}/)).toBeVisible()
	await page.getByRole('link', { name: 'Return items' }).click()
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Return items')
	await expect(
		page.getByText('I hereby give notice that I cancel my contract of sale'),
	).toBeVisible()
	await page.getByRole('spinbutton').first().fill('5')
	await page.getByRole('button', { name: 'Send return request' }).click()
	await expect(page.getByTestId('error-summary')).toContainText('at most 2 can come back')
	await page.getByRole('spinbutton').first().fill('1')
	await page.getByLabel('Reason (optional)').fill('Only needed one in the end')
	await page.getByRole('button', { name: 'Send return request' }).click()
	await expect(page).toHaveURL(/\/account\/orders\/KP-[A-Z0-9]{6}\?key=.*#requests$/)
	await expect(page.locator('#requests')).toContainText('Return of 1 ×')

	// And reports a problem, with a photo.
	await page.getByRole('link', { name: 'Report a problem' }).click()
	await page.getByLabel('Arrived damaged').check()
	await page
		.getByLabel('Tell us what happened')
		.fill('The box was crushed and one housing is cracked.')
	const photo = await smallPhoto('#557755')
	await page
		.getByLabel(/^Photos/)
		.setInputFiles({ name: 'crack.jpg', mimeType: 'image/jpeg', buffer: photo })
	await page.getByRole('button', { name: 'Send report' }).click()
	await expect(page.locator('#requests')).toContainText('Problem report: arrived damaged')
	await waitForEmail(customer.email, /We have your report about order/)

	// Staff: the requests waiting are counted on the navigation.
	await visit(admin, '/admin/requests')
	await expect(admin.getByRole('link', { name: /^Requests\s*\d+ waiting$/ })).toBeVisible()
	await admin.getByRole('link', { name: new RegExp(`^Return · order ${customer.orderId}`) }).click()
	await admin.getByRole('button', { name: 'Mark returned goods as received' }).click()
	await expect(admin.locator('p[role="status"]')).toHaveText('Goods marked as received')
	await admin.getByLabel('Reason (printed on the credit note)').fill('Return of one filter')
	await admin.getByRole('button', { name: 'Refund to card' }).click()
	await expect(admin.locator('p[role="status"]')).toContainText(
		/^Refunded £[\d,.]+ and emailed the credit note$/,
	)
	// A request is refunded once (issue 57 item 1): the form is gone, the refund is named.
	await expect(admin.getByTestId('request-refunded')).toContainText(/^Refunded £[\d,.]+ on /)
	await expect(admin.getByRole('button', { name: 'Refund to card' })).toHaveCount(0)
	await visit(admin, '/admin/requests')
	await admin
		.getByRole('link', { name: `Problem report: arrived damaged · order ${customer.orderId}` })
		.click()
	const img = admin.getByRole('img', { name: /What the customer sent, 1 of 1/ })
	await expect(img).toBeVisible()
	// Loaded, and as wide as it was stored (the photo is lazy: wait for it to arrive).
	await expect
		.poll(() => img.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0)))
		.toBe(320)
	await admin.getByLabel('Status').selectOption('resolved')
	await admin.getByLabel('Outcome').selectOption('replacement')
	await admin.getByLabel(/^Note to the customer/).fill('A new filter housing is on its way.')
	await admin.getByRole('button', { name: 'Save' }).click()
	await expect(admin.locator('p[role="status"]')).toHaveText('Request updated')

	// The customer sees both outcomes, the refund and the credit note.
	await visit(page, link)
	await expect(page.getByTestId('refunded')).toHaveText(/^Partially refunded £[\d,.]+$/)
	await expect(page.locator('#requests')).toContainText('Replacement sent')
	await expect(page.getByRole('link', { name: /^Credit note CN-\d{6} \(PDF\)/ })).toBeVisible()
	await waitForEmail(customer.email, /filename=CN-\d{6}\.pdf/)
	await expectFitsPhone(page, 'the order page with its return, report, refund and credit note')
	expect(problems).toEqual([])
	await customer.context.close()
})
