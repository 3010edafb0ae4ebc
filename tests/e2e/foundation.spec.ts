import { expect, test } from '@playwright/test'
import { expectNoA11yViolations, visit, watchConsole } from './support'

const CONTENT_PAGES = [
	{ path: '/', h1: 'Expertly Built Custom Ponds & Pond Equipment Sales with Delivery' },
	{ path: '/about', h1: 'About Highland Koi & Ponds' },
	{ path: '/services', h1: 'Our Services' },
	{ path: '/contact', h1: 'Contact Us' },
	{ path: '/privacy-policy', h1: 'Privacy Policy' },
	{ path: '/terms-and-conditions', h1: 'Terms and Conditions' },
]

test('every content page has its heading, meta tags, breadcrumbs and no axe violations', async ({
	page,
	baseURL,
}) => {
	const problems = watchConsole(page)
	const descriptions = new Set<string>()
	for (const { path, h1 } of CONTENT_PAGES) {
		const response = await visit(page, path)
		expect(response?.status()).toBe(200)
		await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1)
		await expect(page).toHaveTitle(/Highland Koi & Ponds/)
		const description = await page.locator('meta[name="description"]').getAttribute('content')
		expect(description?.length).toBeGreaterThan(40)
		descriptions.add(description!)
		await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}${path}`)
		await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute('content', 'en_GB')
		await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toBeVisible()
	}
	expect(descriptions.size).toBe(CONTENT_PAGES.length)
	expect(problems).toEqual([])
})

test('the navigation bar links in the spec order and highlights the current page', async ({
	page,
}) => {
	await visit(page, '/')
	const nav = page.getByRole('navigation', { name: 'Main' })
	await expect(nav.getByRole('link')).toHaveText([
		'Home',
		'About',
		'Services',
		'Portfolio',
		'Products',
		'Contact',
		'Login',
	])
	await expect(page.getByRole('link', { name: /Cart/ })).toHaveAttribute('href', '/cart')
	await expect(nav.getByRole('link', { name: 'Admin' })).toHaveCount(0)
	await nav.getByRole('link', { name: 'About' }).click()
	await expect(page).toHaveURL(/\/about$/)
	await expect(nav.getByRole('link', { name: 'About' })).toHaveAttribute('aria-current', 'page')
	await expect(nav.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current', 'page')
	await nav.getByRole('link', { name: 'Services' }).click()
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Our Services')
	await nav.getByRole('link', { name: 'Contact' }).click()
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact Us')
	await expect(page.locator('main').getByText('Monday-Saturday 9:00 AM to 5:00 PM')).toBeVisible()
})

test('the home page has every section in the spec order', async ({ page }) => {
	await visit(page, '/')
	const ids = await page.locator('main section[id]').evaluateAll((els) => els.map((el) => el.id))
	expect(ids).toEqual([
		'bespoke-ponds',
		'products',
		'why-choose-us',
		'home-portfolio',
		'about-section',
	])
	await expect(
		page.getByText('National Koi and Pond Service with Over 30 Years of Experience'),
	).toBeVisible()
	await expect(page.getByRole('link', { name: 'Contact for Pond Services' })).toHaveAttribute(
		'href',
		'/contact',
	)
	await expect(page.getByRole('link', { name: 'View Products' })).toHaveAttribute(
		'href',
		'/pond-products',
	)
	await expect(page.getByRole('img', { name: 'Rated 5 out of 5' })).toHaveCount(3)
	const tiles = page.locator('#products li a')
	await expect(tiles).toHaveCount(6)
	expect(await tiles.evaluateAll((els) => els.map((el) => el.getAttribute('href')))).toEqual([
		'/pond-products/filters',
		'/pond-products/fittings',
		'/pond-products/pumps',
		'/pond-products/air_pumps',
		'/pond-products/skimmers',
		'/pond-products',
	])
	await expect(page.locator('#why-choose-us h3')).toHaveText(['Experience', 'Service', 'Quality'])
	await expect(page.getByTestId('mini-hero-overlay')).toHaveCSS('opacity', '0.83')
	const projects = page.locator('#home-portfolio')
	await expect(projects.getByRole('heading', { level: 2 })).toHaveText('Featured Projects')
	await expect(projects.locator('h3')).toHaveText([
		'Raised Brick Pond',
		'Modern Koi Pond',
		'Raised Stone Koi Pond',
	])
	for (const id of ['pond1', 'pond2', 'pond3']) {
		await expect(projects.locator(`a[href="/portfolio/${id}"]`)).toHaveText('View Project')
	}
	await expect(projects.getByRole('link', { name: 'View All Projects' })).toHaveAttribute(
		'href',
		'/portfolio',
	)
	await expect(page.getByRole('link', { name: 'Request Your Free Consultation' })).toHaveAttribute(
		'href',
		'/contact',
	)
	await expect(page.getByRole('link', { name: /View Pond Portfolio/ })).toHaveAttribute(
		'href',
		'/portfolio',
	)
	await expect(page.getByRole('link', { name: 'Learn More About Us' })).toHaveAttribute(
		'href',
		'/about',
	)
	await expect(page.getByRole('link', { name: /Get In Touch/ })).toHaveAttribute('href', '/contact')
	await expect(page.getByRole('link', { name: /Read our reviews/ })).toBeVisible()
	await expect(page.locator('script[type="application/ld+json"]').first()).toBeAttached()
})

test('the footer shows the current year, and the designer credit only on the home page', async ({
	page,
}) => {
	await visit(page, '/', { a11y: false })
	const footer = page.getByRole('contentinfo')
	await expect(footer).toContainText(`© ${new Date().getFullYear()}`)
	await expect(footer.getByTestId('designer-credit')).toBeVisible()
	await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
		'href',
		'/privacy-policy',
	)
	await expect(footer.getByRole('link', { name: /Follow us on Facebook/ })).toBeVisible()
	await footer.getByRole('link', { name: 'Terms & Conditions' }).click()
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms and Conditions')
	// Issue 30 item 7a: dated by its real last change (the spec's 10 June 2024 before it).
	await expect(page.getByText('25 November 2026')).toBeVisible()
	await expect(footer.getByTestId('designer-credit')).toHaveCount(0)
})

test('the privacy policy is dated 10 June 2025 and links to the contact page', async ({ page }) => {
	await visit(page, '/privacy-policy', { a11y: false })
	await expect(page.getByText('10 June 2025')).toBeVisible()
	await page.locator('main').getByRole('link', { name: 'contact us' }).click()
	await expect(page).toHaveURL(/\/contact$/)
})

test('unknown addresses show the friendly 404 page', async ({ page }) => {
	const response = await visit(page, '/no-such-page')
	expect(response?.status()).toBe(404)
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found')
	await page.getByRole('link', { name: 'Return to Home' }).click()
	await expect(page).toHaveURL(/\/$/)
})

test('a hash link scrolls smoothly to its section @mobile', async ({ page }) => {
	await visit(page, '/#home-portfolio', { a11y: false })
	await expect(page.locator('#home-portfolio')).toBeInViewport()
})

test('the mobile menu opens as an overlay, locks scrolling and closes on Escape and navigation @phone', async ({
	page,
}) => {
	await visit(page, '/')
	await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden()
	const toggle = page.getByRole('button', { name: 'Open menu' })
	await toggle.click()
	const menu = page.getByRole('dialog', { name: 'Menu' })
	await expect(menu).toBeVisible()
	await expect(page.locator('body')).toHaveCSS('overflow', 'hidden')
	await expectNoA11yViolations(page)
	await page.keyboard.press('Escape')
	await expect(menu).toBeHidden()
	await expect(toggle).toBeFocused()
	await expect(page.locator('body')).not.toHaveCSS('overflow', 'hidden')
	await toggle.click()
	await menu.getByRole('link', { name: 'Services' }).click()
	await expect(page).toHaveURL(/\/services$/)
	await expect(menu).toBeHidden()
	const overflow = await page.evaluate(
		() => document.documentElement.scrollWidth > window.innerWidth,
	)
	expect(overflow, 'no horizontal scrolling at 360 px').toBe(false)
})
