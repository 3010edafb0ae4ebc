import { expect, test } from './admin-session'
import { expectFitsPhone, visit } from './support'

/**
 * Issue 32 item 1a: the owner writes a description (Markdown) and specifications in the product
 * editor, and shoppers see them on the product page, on a phone as on a desktop (the page it
 * makes is checked at 360 px at the end).
 */
test('a description and specifications typed in the editor appear on the product page', async ({
	adminPage: page,
}) => {
	await page.goto('/admin/products?category=skimmers')
	const product = page.locator('main li').getByRole('link').first()
	const name = (await product.textContent())!.trim()
	await product.click()
	await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
	await page
		.getByLabel('Description', { exact: true })
		.fill(
			'Keeps the surface clear of leaves before they sink.\n\n- **Floating** design follows the water level\n- Fits liners and preformed ponds\n\n<b>not bold</b>',
		)
	await page.getByLabel('Specification 1 name').fill('Surface area')
	await page.getByLabel('Specification 1 value').fill('Up to 40 m²')
	await page.getByLabel('Specification 2 name').fill('Power')
	await page.getByLabel('Specification 2 value').fill('24 W')
	await page.getByRole('button', { name: 'Save product' }).click()
	await expect(page.getByText('Saved. Shop pages show the change now.')).toBeVisible()
	await page.getByRole('link', { name: 'View on the shop' }).click()
	await expect(page.getByRole('heading', { level: 1 })).toHaveText(name)
	const details = page.getByRole('region', { name: 'About this product' })
	await expect(details.getByRole('listitem').first()).toHaveText(
		'Floating design follows the water level',
	)
	await expect(details.locator('strong')).toHaveText('Floating')
	await expect(details.getByText('<b>not bold</b>')).toBeVisible()
	const table = details.getByRole('table', { name: 'Specifications' })
	await expect(table.getByRole('row')).toHaveCount(2)
	await expect(table.getByRole('rowheader', { name: 'Surface area' })).toBeVisible()
	await expect(table.getByRole('cell', { name: 'Up to 40 m²' })).toBeVisible()
	await visit(page, page.url().replace(/^https?:\/\/[^/]+/, ''))
	await expectFitsPhone(page, 'the product page with its description and specifications')
})
