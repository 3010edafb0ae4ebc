import { expect, test } from './admin-session'
import { adminOrderAction } from './factories'
import { ordersInEveryState, paymentToken } from './shop-states'
import { visit } from './support'

/**
 * /admin/money as the owner uses it (issue 61): this quarter's figures from orders paid and
 * cancelled through the admin, a figure's documents and their PDF, the Xero export, and at 360 px
 * the chart's labels at 12 px or more. Screenshots for the record at both widths.
 */
test('the owner reads the quarter’s money, follows a figure to its PDF and exports it @mobile', async ({
	adminPage: page,
	browser,
	baseURL,
}, info) => {
	test.setTimeout(90_000)
	const orders = await ordersInEveryState(browser, baseURL!, page)
	await orders.customer.context.close()
	// The quoted order paid by its link (the test provider), then £7.50 of it refunded: a credit note.
	await page.goto(`/pay/${await paymentToken(page, orders.quoted)}`)
	await page.getByRole('button', { name: /^Pay £/ }).click()
	await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible()
	await adminOrderAction(page, orders.quoted, 'refund', {
		amount: '7.50',
		reason: 'Goodwill: late delivery',
		refundKey: `money-e2e-${info.project.name}-${Date.now()}`,
	})
	await visit(page, '/admin/money')
	await expect(page.getByRole('link', { name: 'Money', exact: true })).toHaveAttribute(
		'aria-current',
		'page',
	)
	await expect(page.getByTestId('money-period')).toContainText('VAT quarter')
	await expect(page.getByTestId('figure-refunds')).not.toHaveText('£0.00')
	await expect(page.getByText('Boxes 4 and 7')).toBeVisible()
	await page.screenshot({ path: info.outputPath(`money-${info.project.name}.png`), fullPage: true })

	// Every label of the chart is text at 12 px or more, at either width.
	const sizes = await page
		.getByTestId('money-chart')
		.locator('th, span')
		.evaluateAll((cells) => cells.map((c) => Number.parseFloat(getComputedStyle(c).fontSize)))
	expect(sizes.length).toBeGreaterThan(0)
	expect(Math.min(...sizes)).toBeGreaterThanOrEqual(12)

	// Refunds → its documents → the credit note's PDF.
	await page.getByRole('link', { name: /documents? behind Refunds/ }).click()
	await expect(page.getByRole('heading', { name: 'Documents behind: Refunds' })).toBeVisible()
	const note = page
		.getByTestId('document-list')
		.getByRole('link', { name: /^CN-\d{6}$/ })
		.first()
	const pdf = await page.request.get((await note.getAttribute('href'))!)
	expect(pdf.headers()['content-type']).toBe('application/pdf')

	if (info.project.name !== 'desktop') return
	const xero = await page.request.get(
		(await page.getByRole('link', { name: 'Xero CSV' }).getAttribute('href'))!,
	)
	const [header, ...rows] = (await xero.text())
		.replace(/^\uFEFF/, '')
		.trim()
		.split('\r\n')
	expect(header).toBe(
		'ContactName,InvoiceNumber,Reference,InvoiceDate,DueDate,Description,Quantity,UnitAmount,AccountCode,TaxType,TaxAmount,Currency,Type',
	)
	expect(rows.some((r) => r.includes('Sales credit note'))).toBe(true)
})
