import fs from 'node:fs'
import { expect, test } from './admin-session'
import { expectNoA11yViolations, visit, watchConsole } from './support'

// AP-OA20 (demo row 199, £58.99) gets a new price; one added row has a bad price. Nothing other
// tests use is removed, and the demo catalogue is restored at the end.
const PRODUCT_PAGE = '/pond-products/air_pumps/198'
const demo = fs.readFileSync('catalog/products.csv', 'utf8').trimEnd()
const badRow =
	'Test Pump With Bad Price,E2E-BAD-1,/images/products/ap-oa20.jpg,,Oase,pumps,abc,,,,,,'
const badLine = demo.split('\n').length + 1
const upload = `${demo.replace(',air_pumps,58.99,', ',air_pumps,61.50,')}\n${badRow}\n`

test('catalogue upload: preview with a bad row, publish, see the new price, restore', async ({
	adminPage: page,
}) => {
	const problems = watchConsole(page)
	await visit(page, '/admin/catalogue')
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Catalogue')

	await page.getByLabel('Catalogue file (.csv)').setInputFiles({
		name: 'new-prices.csv',
		mimeType: 'text/csv',
		buffer: Buffer.from(upload),
	})
	await page.getByRole('button', { name: 'Upload and check' }).click()
	const preview = page.getByRole('region', { name: /Check before publishing: new-prices.csv/ })
	await expect(preview).toBeVisible()
	await expect(preview).toContainText(`Line ${badLine}: price "abc" is not an amount`)
	await expect(preview).toContainText('0 added, 0 removed, 1 with a new price')
	await expect(preview).toContainText('Oase OxyMax Air Pump 20 L/min (AP-OA20): £58.99 → £61.50')
	await expectNoA11yViolations(page)

	await preview.getByRole('button', { name: 'Publish this catalogue' }).click()
	await expect(page.getByText('The new catalogue is published')).toBeVisible()

	// The new catalogue loads in the background: the product page shows it within seconds.
	await expect(async () => {
		await page.goto(PRODUCT_PAGE)
		await expect(page.getByText('£61.50').first()).toBeVisible({ timeout: 1000 })
	}).toPass({ timeout: 15_000 })

	await visit(page, '/admin/catalogue')
	const versions = page.getByRole('region', { name: 'Published versions' })
	await versions
		.getByRole('button', { name: /^Restore/ })
		.first()
		.click()
	await expect(page.getByText('The earlier catalogue is restored')).toBeVisible()
	await expect(async () => {
		await page.goto(PRODUCT_PAGE)
		await expect(page.getByText('£58.99').first()).toBeVisible({ timeout: 1000 })
	}).toPass({ timeout: 15_000 })
	expect(problems).toEqual([])
})
