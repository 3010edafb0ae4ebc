import { STRIPE_SHOP_URL } from '../../playwright.config'
import { expect, test } from './admin-session'
import { visit } from './support'

// This journey adds a category to the home page, the footer and /pond-products, which other specs
// check against the demo catalogue on the first shop: it runs on the second (as
// admin-portfolio.spec.ts does), whose orders (stripe.spec.ts) use none of what it adds.
test.use({ baseURL: STRIPE_SHOP_URL })

// Desktop only: the categories page is opened at 360 px in every-page.spec.ts.
test('the owner adds Koi Food, puts a product in it, and the shop shows it', async ({
	page: visitor,
	adminPage: page,
}) => {
	test.setTimeout(90_000)
	// A visitor's home page first, so the page cache holds the one from before.
	await visit(visitor, '/', { a11y: false })
	await expect(visitor.locator('#products').getByRole('link', { name: 'Koi Food' })).toHaveCount(0)

	await visit(page, '/admin/products', { a11y: false })
	await page.getByRole('link', { name: 'Categories' }).click()
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Categories')
	await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
	// A mistake first: said beside the field, before anything is sent.
	await page.getByLabel('Name', { exact: true }).fill('Koi Food')
	await page.getByLabel('Address', { exact: true }).fill('Koi Food')
	await page.getByRole('button', { name: 'Add category' }).click()
	await expect(page.getByText(/^Use lower-case letters and numbers/).first()).toBeVisible()
	await page.getByLabel('Address', { exact: true }).fill('')
	await page.getByLabel('Tile picture').selectOption('tile-all')
	await page.getByRole('button', { name: 'Add category' }).click()
	await expect(page.getByText(/^The category is added/)).toBeVisible()
	await expect(page.locator('[data-category="koi_food"]')).toContainText('0 products')

	await visit(page, '/admin/products/new', { a11y: false })
	await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
	await page.getByLabel('Name', { exact: true }).fill('Kusuri Koi Growth Food 5 kg')
	await page.getByLabel('Product code').fill('KU-GROW-5')
	await page.getByLabel('Category').selectOption('koi_food')
	await page.getByLabel('Price (£)', { exact: true }).fill('39.99')
	await page.getByRole('button', { name: 'Add product' }).click()
	await expect(page.getByText(/^The product is added/)).toBeVisible()

	// The visitor's next pages: the home page's tile, the footer, the category's own page.
	await visitor.goto('/')
	const tile = visitor.locator('#products').getByRole('link', { name: 'Koi Food' })
	await expect(tile).toBeVisible()
	await expect(
		visitor.getByRole('contentinfo').getByRole('link', { name: 'Koi Food' }),
	).toBeVisible()
	await tile.click()
	await expect(visitor).toHaveURL(/\/pond-products\/koi_food$/)
	await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Koi Food')
	await expect(visitor.getByRole('link', { name: /Kusuri Koi Growth Food 5 kg/ })).toBeVisible()
})
