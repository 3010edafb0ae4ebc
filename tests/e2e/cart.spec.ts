import { expect, type Page, test } from '@playwright/test'
import { registerCustomer } from './factories'
import { expectFitsPhone, visit } from './support'

const line = (id: string, overrides: Record<string, unknown> = {}) => ({
	id,
	name: `Test Pump ${id}`,
	originalName: `Test Pump ${id}`,
	price: '£10.50',
	quantity: 1,
	imageUrl: '/images/products/missing.jpg',
	productUrl: '',
	code: `TP-${id}`,
	category: 'pumps',
	selectedSize: '',
	selectedOption: '',
	...overrides,
})

/** What the browser's cart holds when the test's first page opens (once a tab, not on reload). */
const seedCart = (page: Page, lines: unknown[]) =>
	page.addInitScript((seed) => {
		if (!sessionStorage.getItem('seeded')) {
			localStorage.setItem('cart', JSON.stringify(seed))
			sessionStorage.setItem('seeded', '1')
		}
	}, lines)

/** Two pumps added to the cart at £600.00 each; the catalogue now says £685.99. */
const STALE_PUMP = line('145', {
	name: 'Evolution Aqua Varipump 16000',
	code: 'PU-VARI-16000',
	price: '£600.00',
	quantity: 2,
	selectedSize: '5 m cable',
	selectedOption: 'Pump only',
})

test('the cart page edits quantities, totals lines, persists and clears', async ({ page }) => {
	await seedCart(page, [
		line('1', { quantity: 2 }),
		line('2', { selectedSize: '2 m', price: '3.99' }),
		{ id: 'junk' },
	])
	await visit(page, '/cart')
	await expect(page.getByRole('heading', { name: 'Test Pump 1', exact: true })).toBeVisible()
	await expect(page.getByRole('heading', { name: 'Test Pump 2 - 2 m' })).toBeVisible()
	await expect(page.getByTestId('cart-subtotal')).toHaveText('£24.99')
	await expect(page.getByTestId('cart-count')).toHaveText(/3/)
	const minus2 = page.getByRole('button', { name: 'Decrease quantity of Test Pump 2 - 2 m' })
	await expect(minus2).toBeDisabled()
	await page.getByRole('button', { name: 'Increase quantity of Test Pump 2 - 2 m' }).click()
	await expect(minus2).toBeEnabled()
	const line2 = page
		.getByRole('listitem')
		.filter({ has: page.getByRole('heading', { name: 'Test Pump 2 - 2 m' }) })
	await expect(line2.getByTestId('line-total')).toHaveText('Line total: £7.98')
	await expect(line2.getByTestId('line-quantity')).toHaveText('Quantity: 2')
	await expect(page.getByTestId('cart-subtotal')).toHaveText('£28.98')
	await expect(page.getByText('Delivery is calculated after your order is placed')).toBeVisible()
	await page.reload()
	await expect(page.getByTestId('cart-subtotal')).toHaveText('£28.98')
	await page.getByRole('button', { name: 'Remove Test Pump 1' }).click()
	await expect(page.getByTestId('cart-subtotal')).toHaveText('£7.98')
	await expect(page.getByRole('link', { name: 'Place Order Request' })).toHaveAttribute(
		'href',
		'/checkout-auth',
	)
	await page.getByRole('button', { name: 'Clear Cart' }).click()
	await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible()
	expect(await page.evaluate(() => localStorage.getItem('cart'))).toBe('[]')
})

test('the cart syncs across tabs and survives a corrupt stored value', async ({ context }) => {
	const first = await context.newPage()
	await first.addInitScript(() => {
		if (!sessionStorage.getItem('seeded')) {
			localStorage.setItem('cart', '{not json')
			sessionStorage.setItem('seeded', '1')
		}
	})
	await visit(first, '/cart', { a11y: false })
	await expect(first.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible()
	const second = await context.newPage()
	await visit(second, '/about', { a11y: false })
	await second.evaluate(
		(l) => localStorage.setItem('cart', JSON.stringify([l])),
		line('5', { quantity: 4 }),
	)
	await expect(first.getByTestId('cart-subtotal')).toHaveText('£42.00')
	await expect(first.getByTestId('cart-count')).toHaveText(/4/)
})

test('the cart breadcrumb follows the page the visitor came from', async ({ page }) => {
	await visit(page, '/services', { a11y: false })
	await page.getByRole('link', { name: /^Cart/ }).click()
	const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem')
	await expect(crumbs).toHaveText(['Home', '/Services', '/Shopping Cart'])
})

test('lines whose product vanished or changed price are flagged with the current price', async ({
	page,
}) => {
	await seedCart(page, [
		line('145', {
			name: 'Evolution Aqua Varipump 16000',
			code: 'PU-VARI-16000',
			price: '£600.00',
			selectedSize: '5 m cable',
			selectedOption: 'Pump only',
		}),
		line('99999', { name: 'Discontinued Pump', code: 'OLD-1' }),
	])
	await visit(page, '/cart')
	await expect(page.getByText('The price has changed to £685.99')).toBeVisible()
	await expect(page.getByText('This product is no longer available.')).toBeVisible()
})

test('after a price change every figure uses the checked price; Clear Cart can be undone', async ({
	page,
}) => {
	// Added to the cart at £600.00; the catalogue now says £685.99 (the stored price is stale).
	await seedCart(page, [STALE_PUMP])
	await visit(page, '/cart')
	await expect(page.getByText('The price has changed to £685.99')).toBeVisible()
	await expect(page.getByText('£685.99 each')).toBeVisible()
	await expect(page.getByTestId('line-total')).toHaveText('Line total: £1,371.98')
	await expect(page.getByTestId('cart-subtotal')).toHaveText('£1,371.98')
	await expect(page.getByText('£600.00')).toHaveCount(0)

	await page.getByRole('button', { name: 'Clear Cart' }).click()
	await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible()
	const undo = page.getByRole('button', { name: 'Undo' })
	await expect(undo).toBeFocused()
	await undo.click()
	await expect(page.getByRole('heading', { name: /Evolution Aqua Varipump 16000/ })).toBeVisible()
	await expect(page.getByTestId('cart-subtotal')).toHaveText('£1,371.98')
	await page.reload()
	await expect(page.getByTestId('line-quantity')).toHaveText('Quantity: 2')
})

test('the cart estimates delivery to a postcode before ordering', async ({ page, baseURL }) => {
	// A real pump from the demo catalogue: it travels on a pallet.
	await seedCart(page, [line('145', { name: 'Evolution Aqua Varipump 16000', price: '£685.99' })])
	await visit(page, '/cart')
	const postcode = page.getByLabel('Estimate delivery to your postcode')
	await postcode.fill('IV2')
	await page.getByRole('button', { name: 'Estimate' }).click()
	await expect(page.getByTestId('delivery-estimate')).toHaveText(
		'Enter a full UK postcode, such as IV2 3XY.',
	)
	await postcode.fill('iv2 3xy')
	await page.getByRole('button', { name: 'Estimate' }).click()
	await expect(page.getByTestId('delivery-estimate')).toHaveText(
		'Estimated delivery to IV2: £35.00 — we confirm the exact cost before you pay',
	)
	await postcode.fill('JE2 3AB')
	await page.getByRole('button', { name: 'Estimate' }).click()
	// No pallet service to the Channel Islands: no guess.
	await expect(page.getByTestId('delivery-estimate')).toHaveText(
		'We will quote delivery to this address',
	)
	await expectFitsPhone(page, 'the cart with its delivery estimate')

	// The last postcode asked about is kept for the visit: back in the cart, and at checkout.
	await visit(page, '/cart', { a11y: false })
	await expect(postcode).toHaveValue('JE2 3AB')
	await registerCustomer(page.request, baseURL!)
	await visit(page, '/checkout', { a11y: false })
	await expect(page.locator('#delivery-postcode')).toHaveValue('JE2 3AB')
})

test("the checkout's summary also uses the checked price, not the one stored with the line", async ({
	page,
	baseURL,
}) => {
	await registerCustomer(page.request, baseURL!)
	await visit(page, '/', { a11y: false })
	await page.evaluate((lines) => localStorage.setItem('cart', JSON.stringify(lines)), [STALE_PUMP])
	await visit(page, '/checkout')
	const summary = page.getByRole('complementary', { name: 'Order Summary' })
	await expect(summary).toContainText('£1,371.98')
	await expect(summary).not.toContainText('£1,200.00')
})

test('@phone the checkout shows the delivery estimate with the totals, above the button', async ({
	page,
	baseURL,
}) => {
	await seedCart(page, [line('145', { name: 'Evolution Aqua Varipump 16000', price: '£685.99' })])
	await registerCustomer(page.request, baseURL!)
	await visit(page, '/checkout', { a11y: false })
	await page.locator('#delivery-postcode').fill('IV2 3XY')
	const estimate = page.getByTestId('delivery-estimate')
	await expect(estimate).toHaveText(
		'Estimated delivery to IV2: £35.00 — we confirm the exact cost before you pay',
	)
	// Before issue 62 item 6 the summary came after the button at 360 px.
	const button = page.getByRole('button', { name: 'Place Order Request' })
	const [above, below] = [await estimate.boundingBox(), await button.boundingBox()]
	expect(above!.y + above!.height).toBeLessThan(below!.y)
	await expectFitsPhone(page, 'the checkout with its estimate')
})
