import type { Browser, Page } from '@playwright/test'
import { expect, test } from './admin-session'
import { newCustomerWithOrder } from './factories'
import { visit } from './support'

// Tablets: no other spec browses as one, so the tablet row of Devices moves only with this test.
const TABLETS = [
	'iPad; CPU OS 17_4',
	'iPad; CPU OS 17_5',
	'iPad; CPU OS 17_6',
	'iPad; CPU OS 17_7',
	'iPad; CPU OS 17_8',
]
const ua = (os: string) =>
	`Mozilla/5.0 (${os} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1`

/** The tablet row of Devices on the 7-day dashboard: [visitors, views], or zeros. */
async function tabletFigures(page: Page): Promise<[number, number]> {
	await visit(page, '/admin/insights?period=7d', { a11y: false })
	const devices = page.locator('section', { has: page.getByRole('heading', { name: 'Devices' }) })
	const row = devices.getByRole('row').filter({ hasText: 'tablet' })
	if ((await row.count()) === 0) return [0, 0]
	const cells = row.getByRole('cell')
	return [
		Number((await cells.nth(1).textContent())?.replace(/,/g, '')),
		Number((await cells.nth(2).textContent())?.replace(/,/g, '')),
	]
}

async function visitor(
	browser: Browser,
	baseURL: string,
	os: string,
	headers: Record<string, string> = {},
) {
	const context = await browser.newContext({
		baseURL,
		userAgent: ua(os),
		extraHTTPHeaders: headers,
	})
	return { context, page: await context.newPage() }
}

test('visitors are counted without cookies; GPC and opted-out visitors are not; the dashboard shows it', async ({
	adminPage: page,
	browser,
	baseURL,
}) => {
	test.setTimeout(90_000)
	const [visitorsBefore, viewsBefore] = await tabletFigures(page)

	// 1: the home page, then Services by a client-side navigation (the beacon): 2 views.
	const one = await visitor(browser, baseURL!, TABLETS[0]!)
	await one.page.goto('/')
	await one.page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
	await one.page
		.getByRole('contentinfo')
		.getByRole('link', { name: 'Services', exact: true })
		.click()
	await expect(one.page).toHaveURL(/\/services$/)
	// 2: a product, added to the cart: 1 view and a cart event.
	const two = await visitor(browser, baseURL!, TABLETS[1]!)
	await two.page.goto('/pond-products/filters/0')
	await two.page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
	await two.page.getByRole('button', { name: 'Add to Cart' }).click()
	// 3: a page from a newsletter link: 1 view.
	const three = await visitor(browser, baseURL!, TABLETS[2]!)
	await three.page.goto('/contact?utm_source=newsletter&utm_campaign=e2e-autumn')
	// 4: Global Privacy Control: never counted.
	const four = await visitor(browser, baseURL!, TABLETS[3]!, { 'Sec-GPC': '1' })
	await four.page.goto('/')
	await four.page.goto('/about')
	// 5: reads the privacy policy (1 view), opts out, and is not counted after.
	const five = await visitor(browser, baseURL!, TABLETS[4]!)
	await five.page.goto('/privacy-policy')
	await five.page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
	await five.page.getByRole('button', { name: 'Opt out of visit counting' }).click()
	await expect(five.page.getByText('visits from this browser are no longer counted')).toBeVisible()
	await five.page.goto('/')
	await five.page.goto('/services')

	// Views are written within a second or so.
	await expect(async () => {
		const [visitors, views] = await tabletFigures(page)
		expect([visitors - visitorsBefore, views - viewsBefore]).toEqual([4, 5])
	}).toPass({ timeout: 15_000 })
	await expect(page.getByRole('row').filter({ hasText: 'e2e-autumn' })).toBeVisible()
	await expect(page.getByRole('img', { name: /Visitors and page views/ })).toBeVisible()
	await expect(page.locator('[data-step="Added to cart"]')).not.toContainText(
		/^Added to cart\s*0\b/,
	)
	for (const v of [one, two, three, four, five]) await v.context.close()
})

test('the funnel counts a new order request; the CSV download and the /admin summary link are there', async ({
	adminPage: page,
	browser,
	baseURL,
}) => {
	test.setTimeout(90_000)
	const count = async (step: string) => {
		await visit(page, '/admin/insights?period=7d', { a11y: false })
		return Number(await page.locator(`[data-step="${step}"] td`).first().textContent())
	}
	const requestsBefore = await count('Requested an order')
	const customer = await newCustomerWithOrder(browser, baseURL!)
	await expect(async () =>
		expect(await count('Requested an order')).toBeGreaterThan(requestsBefore),
	).toPass()
	await visit(page, '/admin/insights?period=7d')
	await expect(page.getByRole('heading', { name: 'From visit to payment' })).toBeVisible()
	await expect(page.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
		'href',
		/insights\.csv\?period=7d/,
	)
	await visit(page, '/admin')
	await expect(page.getByRole('link', { name: 'See insights' })).toBeVisible()
	await customer.context.close()
})

// Both widths (@mobile): text in an SVG scaled down by its viewBox was about 6 px on a phone.
test('every figure and chart label on the dashboard is at least 12 px at this width @mobile', async ({
	adminPage: page,
}) => {
	await visit(page, '/admin/insights?period=30d', { a11y: false })
	await expect(page.getByRole('img', { name: /Visitors and page views/ })).toBeVisible()
	const tooSmall = await page.locator('main').evaluate((main) => {
		const found: string[] = []
		for (const el of main.querySelectorAll('*')) {
			if (el.closest('.sr-only, title, desc')) continue
			const text = [...el.childNodes]
				.filter((n) => n.nodeType === Node.TEXT_NODE)
				.map((n) => n.textContent ?? '')
				.join('')
				.trim()
			const box = el.getBoundingClientRect()
			if (!text || box.width === 0 || box.height === 0) continue
			// The size on screen: an SVG's text is scaled by its viewBox, HTML's is not.
			const scale = el instanceof SVGGraphicsElement ? (el.getScreenCTM()?.a ?? 1) : 1
			const px = Number.parseFloat(getComputedStyle(el).fontSize) * scale
			if (px < 11.95) found.push(`${text.slice(0, 30)}: ${px.toFixed(1)} px`)
		}
		return found
	})
	expect(tooSmall).toEqual([])
})
