import { expect, test } from '@playwright/test'
import { visit, watchConsole } from './support'

test('browse all products, then page through a big category with real links', async ({ page }) => {
	const problems = watchConsole(page)
	await visit(page, '/pond-products')
	await expect(page.locator('main').getByRole('heading', { level: 2 })).toHaveText([
		'Filters',
		'Fittings',
		'Pumps',
		'Air Pumps',
		'Skimmers',
	])
	await page.getByRole('link', { name: 'View All 64 Products' }).click()
	await expect(page).toHaveURL(/\/pond-products\/fittings$/)
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Fittings')
	await expect(page.locator('main article')).toHaveCount(20)
	const pagination = page.getByRole('navigation', { name: 'Pagination' })
	await pagination.getByRole('link', { name: 'Page 4' }).click()
	await expect(page).toHaveURL(/page=4/)
	await expect(page.getByText('Page 4 of 4')).toBeVisible()
	await expect(page.locator('main article')).toHaveCount(4)
	await pagination.getByRole('link', { name: /Previous/ }).click()
	await expect(page.getByText('Page 3 of 4')).toBeVisible()
	await expect(pagination.getByRole('link', { name: 'Page 1' })).toBeVisible()
	expect(problems).toEqual([])
})

test('a long category shows ellipses around the ±2 window', async ({ page }) => {
	await visit(page, '/pond-products/filters?page=2', { a11y: false })
	const items = page.getByRole('navigation', { name: 'Pagination' }).getByRole('listitem')
	await expect(items).toHaveText(['Previous', '1', '2', '3', '4', 'Next'])
	await visit(page, '/pond-products/fittings?page=1', { a11y: false })
	await expect(
		page.getByRole('navigation', { name: 'Pagination' }).getByRole('listitem'),
	).toHaveText(['Previous', '1', '2', '3', '4', 'Next'])
})

test('the pagination fits one line at 360 px and keeps Previous and Next by name @phone', async ({
	page,
}) => {
	for (const path of ['/pond-products/filters?page=2', '/pond-products/fittings?page=3']) {
		await visit(page, path, { a11y: false })
		const nav = page.getByRole('navigation', { name: 'Pagination' })
		const tops = await nav
			.locator('li:visible')
			.evaluateAll((items) => items.map((li) => Math.round(li.getBoundingClientRect().top)))
		expect(new Set(tops).size, path).toBe(1)
		await expect(nav.getByRole('link', { name: 'Previous' })).toBeVisible()
		await expect(nav.getByRole('link', { name: 'Next' })).toBeVisible()
		await expect(nav.getByRole('link', { name: 'Page 1' })).toBeVisible()
	}
})

test('search by a code fragment and by a vendor in mixed case, then clear it', async ({ page }) => {
	await visit(page, '/pond-products/fittings')
	await page.getByRole('searchbox').fill('ft-104')
	await page.getByRole('button', { name: 'Search' }).click()
	await expect(page).toHaveURL(/search=ft-104/)
	await expect(page).not.toHaveURL(/page=/)
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Fittings')
	const codes = await page
		.locator('main article')
		.getByText(/^Code /)
		.allTextContents()
	expect(codes.length).toBeGreaterThan(0)
	for (const code of codes) expect(code.toLowerCase()).toContain('ft-104')

	await visit(page, '/pond-products')
	await page.getByRole('searchbox').fill('bLaGdOn')
	await page.getByRole('button', { name: 'Search' }).click()
	await expect(page.getByText(/products match “bLaGdOn”/)).toBeVisible()
	await expect(page.getByRole('link', { name: /View All/ })).toHaveCount(0)
	const vendors = await page.locator('main article p.uppercase').allTextContents()
	expect(vendors.length).toBeGreaterThan(0)
	for (const vendor of vendors) expect(vendor).toMatch(/^Blagdon/)

	await page.getByRole('searchbox').fill('no such pond thing')
	await page.getByRole('button', { name: 'Search' }).click()
	await expect(page.getByRole('heading', { name: /No products match/ })).toBeVisible()
	await page.getByRole('link', { name: 'Clear Search' }).click()
	await expect(page).toHaveURL(/\/pond-products$/)
	await expect(page.locator('main article').first()).toBeVisible()
})

test('the category strip selects a category, and clicking it again returns to all products', async ({
	page,
}) => {
	await visit(page, '/pond-products')
	const strip = page.getByRole('navigation', { name: 'Product categories' })
	await strip.getByRole('link', { name: 'Air Pumps' }).click()
	await expect(page).toHaveURL(/\/pond-products\/air_pumps$/)
	await expect(strip.getByRole('link', { name: 'Air Pumps' })).toHaveAttribute(
		'aria-current',
		'page',
	)
	await strip.getByRole('link', { name: 'Air Pumps' }).click()
	await expect(page).toHaveURL(/\/pond-products$/)
})

test('a product with sizes and options: the option price replaces the base price, and it goes in the cart', async ({
	page,
}) => {
	const problems = watchConsole(page)
	await visit(page, '/pond-products/pumps/145')
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Evolution Aqua Varipump 16000')
	const price = page.getByTestId('product-price')
	await expect(price).toHaveText('£685.99')
	await page.getByRole('radio', { name: 'With fountain kit' }).check()
	await expect(price).toHaveText('£714.99')
	await page.getByRole('radio', { name: '10 m cable' }).check()
	const quantity = page.getByLabel('Quantity')
	await quantity.fill('2')
	await quantity.pressSequentially('x')
	await expect(quantity).toHaveValue('2')
	// Too many is refused, and the box says so rather than silently keeping 2.
	await quantity.fill('1000')
	await expect(quantity).toHaveValue('2')
	await expect(quantity).toHaveAccessibleDescription(
		'Enter a whole number from 1 to 999. For more, please contact us.',
	)
	await quantity.fill('')
	await quantity.fill('2')
	await expect(quantity).toHaveAccessibleDescription('A whole number from 1 to 999.')
	await page.getByRole('button', { name: 'Add to Cart' }).click()
	const toast = page.getByRole('status').filter({ hasText: 'added to cart' })
	await expect(toast).toHaveText(/Evolution Aqua Varipump 16000 added to cart/)
	await expect(page.getByTestId('cart-count')).toHaveText(/2/)
	// The same size and option again merges into one line.
	await page.getByLabel('Quantity').fill('1')
	await page.getByRole('button', { name: 'Add to Cart' }).click()
	await expect(page.getByTestId('cart-count')).toHaveText(/3/)
	// A different option is a new line.
	await page.getByRole('radio', { name: 'Pump only' }).check()
	await page.getByRole('button', { name: 'Add to Cart' }).click()
	await page.getByRole('link', { name: 'View Cart' }).click()
	await expect(page).toHaveURL(/\/cart$/)
	await expect(page.getByRole('heading', { level: 3 })).toHaveText([
		'Evolution Aqua Varipump 16000 - 10 m cable - With fountain kit',
		'Evolution Aqua Varipump 16000 - 10 m cable - Pump only',
	])
	await expect(page.getByTestId('cart-subtotal')).toHaveText('£2,830.96')
	const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem')
	await expect(crumbs).toHaveText([
		'Home',
		'/Products',
		'/Pumps',
		'/Evolution Aqua Varipump 16000',
		'/Shopping Cart',
	])
	expect(problems).toEqual([])
})

test('the add-to-cart toast closes itself after four seconds', async ({ page }) => {
	await visit(page, '/pond-products/pumps/145', { a11y: false })
	await page.getByRole('button', { name: 'Add to Cart' }).click()
	const toast = page.getByText('added to cart')
	await expect(toast).toBeVisible()
	await page.waitForTimeout(3000)
	await expect(toast).toBeVisible()
	await expect(toast).toBeHidden({ timeout: 2500 })
})

test('an unpriced product asks for a price instead', async ({ page }) => {
	await visit(page, '/pond-products/fittings/91')
	await expect(page.getByTestId('product-price')).toHaveText('Price not available')
	await expect(page.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0)
	await expect(page.getByRole('link', { name: 'Ask for a price' })).toHaveAttribute(
		'href',
		'/contact?product=FT-1023',
	)
})

test('a bad product address shows Product not found with Go Back', async ({ page }) => {
	await visit(page, '/pond-products/pumps')
	const response = await visit(page, '/pond-products/pumps/99999')
	expect(response?.status()).toBe(404)
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Product not found')
	await page.getByRole('link', { name: 'Go Back' }).click()
	await expect(page).toHaveURL(/\/pond-products\/pumps$/)
})

test('the catalogue works at 360 px wide @phone', async ({ page }) => {
	await visit(page, '/pond-products/pumps/145')
	const overflow = await page.evaluate(
		() => document.documentElement.scrollWidth > window.innerWidth,
	)
	expect(overflow).toBe(false)
	await visit(page, '/pond-products/fittings?page=2')
	expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(
		false,
	)

	// Sorting and filtering is folded on a phone, so the first products are on the first screen;
	// it opens with a tap, and stays open while a choice applies.
	await visit(page, '/pond-products/filters')
	await expect(page.getByLabel('Sort by')).toBeHidden()
	await expect(page.locator('article').first()).toBeInViewport()
	await page.getByText('Sort and filter', { exact: true }).click()
	await page.getByLabel('Sort by').selectOption('price-asc')
	await page.getByRole('button', { name: 'Apply' }).click()
	await expect(page).toHaveURL(/sort=price-asc/)
	await expect(page.getByLabel('Sort by')).toHaveValue('price-asc')
	await expect(page.getByLabel('Sort by')).toBeVisible()
})

test("following a link by keyboard, focus starts at the new page's heading", async ({ page }) => {
	await visit(page, '/')
	await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
	// The hero's link is gone once the products page shows: focus would fall to <body>.
	await page.getByRole('link', { name: 'View Products' }).first().focus()
	await page.keyboard.press('Enter')
	await expect(page).toHaveURL(/\/pond-products$/)
	await expect(page.locator('#main h1')).toBeFocused()
	// Not a stop when tabbing: the next Tab goes on to what follows it.
	await page.keyboard.press('Tab')
	await expect(page.locator('#main h1')).not.toBeFocused()
})
