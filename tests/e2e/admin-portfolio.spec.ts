import { STRIPE_SHOP_URL } from '../../playwright.config'
import { expect, test } from './admin-session'
import { smallPhoto } from './photos'
import { expectFitsPhone, expectNoA11yViolations, visit } from './support'

// This test changes the portfolio and the home page, which other specs check against the demo
// content on the first shop: it runs on the second (its Stripe keys play no part here), which
// only stripe.spec.ts's orders share. A shop of its own took 30–60 s to start.
test.use({ baseURL: STRIPE_SHOP_URL })

/** A button's name: its text and a screen-reader-only ': what' (block-level, so a space may come between). */
const named = (name: string) =>
	new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(': ', '\\s*: ')}$`)

// Desktop only: every admin page is opened at 360 px in every-page.spec.ts, and the home page this
// leaves behind is checked at 360 px at the end.
test('a seventh project with photos and a testimonial, published and featured; a testimonial hidden', async ({
	page: visitor,
	adminPage: page,
}) => {
	test.setTimeout(90_000)
	// A visitor's home page first, so the page cache holds the old one.
	await visit(visitor, '/', { a11y: false })
	await expect(visitor.locator('#home-portfolio h3')).toHaveCount(3)

	await visit(page, '/admin/portfolio')
	await page.getByRole('link', { name: 'Add a project' }).click()
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('New project')
	await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
	await page.getByLabel('Name', { exact: true }).fill('Lochside Koi Pond')
	await page.getByLabel('Location', { exact: true }).fill('Fort William')
	await page.getByLabel('Pond volume (litres)').fill('7,500')
	await page.getByLabel('Features').fill('Bottom drain\nWaterfall')
	await page
		.getByLabel('Story: how it was built')
		.fill('We dug it by the loch.\n\nThen we planted it.')
	await page
		.getByLabel('Testimonial', { exact: true })
		.fill('The best view from the kitchen window.')
	await page.getByLabel('Testimonial name').fill('Catriona Boyd, Fort William')
	await page.getByLabel('Testimonial rating').selectOption('4.5')

	// Three photos by path; alt text is required.
	const add = async (src: string, alt: string) => {
		await page.getByLabel('Photo path').fill(src)
		await page.getByLabel('Alt text', { exact: true }).fill(alt)
		await page.getByRole('button', { name: 'Add photo', exact: true }).click()
	}
	// Published with no photo yet: refused; the message goes once a photo is added, not at the next save.
	const published = page.getByLabel(/^Published/)
	await published.check()
	await page.getByRole('button', { name: 'Add project' }).click()
	const noPhoto = page
		.getByTestId('error-summary')
		.getByRole('link', { name: 'Photos: a published project needs at least one photo' })
	await expect(noPhoto).toBeVisible()
	await add('/images/portfolio/pond1/05-1280.jpg', 'The pond from the house')
	await expect(noPhoto).toHaveCount(0)
	await published.uncheck()
	await add('/images/portfolio/pond3/10-1280.jpg', 'Koi feeding at the surface')
	await add('/images/portfolio/pond2/02-1280.jpg', '')
	await expect(page.getByText('Alt text for the new photo is required')).toBeVisible()
	await page.getByLabel('Alt text', { exact: true }).fill('The waterfall')
	await page.getByRole('button', { name: 'Add photo', exact: true }).click()
	await expect(page.locator('#project-photos-2-src')).toContainText('pond2/02-1280.jpg')
	// Reorder with the keyboard: focus follows the photo.
	await page.getByRole('button', { name: named('Up: photo 3') }).focus()
	await page.keyboard.press('Enter')
	await expect(page.locator('#project-photos-1-src')).toContainText('pond2/02-1280.jpg')
	await expect(page.getByRole('button', { name: named('Up: photo 2') })).toBeFocused()
	await page.getByRole('radio', { name: named('Thumbnail: photo 2') }).check()

	// Nine more uploaded from the owner's camera (twelve in all): each waits for its description.
	// Small photos: the full-size work is the photo tests' (photos.ts).
	const uploads = await Promise.all(
		Array.from({ length: 9 }, async (_, i) => ({
			name: `loch-${i + 1}.jpg`,
			mimeType: 'image/jpeg',
			buffer: await smallPhoto(`hsl(${i * 40}, 45%, 45%)`),
		})),
	)
	await page.getByLabel(/Add photos/).setInputFiles(uploads)
	// Each upload is re-encoded by the photo worker, at priority 19 here (playwright.config.ts):
	// with two browsers and three shops busy, nine may take longer than an expectation's 10 s.
	await expect(page.locator('#project-photos ol > li')).toHaveCount(12, { timeout: 40_000 })
	await expect(page.getByText('Uploaded: describe it above, then save')).toHaveCount(9)
	for (let i = 3; i < 12; i++)
		await page
			.getByLabel(`Alt text for photo ${i + 1}`, { exact: true })
			.fill(`The loch, view ${i - 2}`)

	// The summary is missing: the error summary names it and takes focus.
	await page.getByRole('button', { name: 'Add project' }).click()
	const summary = page.getByTestId('error-summary')
	await expect(summary).toBeFocused()
	await expect(summary.getByRole('link', { name: 'Summary is required' })).toBeVisible()
	await expectNoA11yViolations(page)
	await page.getByLabel('Summary').fill('A koi pond on the shore of a sea loch, with a waterfall.')
	await page.getByRole('button', { name: 'Add project' }).click()
	await expect(page.getByRole('status').filter({ hasText: 'It is a draft' })).toBeVisible()
	await expect(page).toHaveURL(/\/admin\/portfolio\/lochside-koi-pond\?saved=created$/)
	expect((await visitor.goto('/portfolio/lochside-koi-pond'))?.status()).toBe(404)

	// Publish, feature, and move it to the front of the home page's three.
	await visit(page, '/admin/portfolio')
	await page.getByRole('button', { name: 'Publish Lochside Koi Pond' }).click()
	await expect(
		page.getByRole('status').filter({ hasText: 'Lochside Koi Pond is published' }),
	).toBeVisible()
	await page.getByRole('button', { name: named('Feature on home page: Lochside Koi Pond') }).click()
	await expect(
		page.getByRole('status').filter({ hasText: 'is featured on the home page' }),
	).toBeVisible()
	for (let i = 0; i < 3; i++) {
		await page.getByRole('button', { name: named('Up: Lochside Koi Pond') }).click()
		await expect(page.getByRole('status').filter({ hasText: 'has moved' })).toBeVisible()
	}
	await expect(page.getByRole('button', { name: named('Up: Lochside Koi Pond') })).toBeDisabled()

	// The public site shows it at once (the page cache was cleared by the saves).
	await visit(visitor, '/portfolio')
	await expect(visitor.locator('main article')).toHaveCount(7)
	await visit(visitor, '/')
	const featured = visitor.locator('#home-portfolio h3')
	await expect(featured).toHaveText(['Lochside Koi Pond', 'Raised Brick Pond', 'Modern Koi Pond'])
	await visitor.getByRole('link', { name: 'View Project: Lochside Koi Pond' }).click()
	await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Lochside Koi Pond')
	await expect(visitor.getByTestId('gallery-counter')).toHaveText('Image 1 of 12')
	await expect(visitor.locator('main picture img').first()).toHaveAttribute(
		'alt',
		'The pond from the house',
	)
	// An uploaded photo (the fourth) is shown in its own variants, and loads.
	await visitor.getByRole('img', { name: 'Show view 4' }).click()
	await expect(visitor.getByTestId('gallery-counter')).toHaveText('Image 4 of 12')
	const shown = visitor.locator('main picture').first()
	await expect(shown.locator('source[type="image/avif"]')).toHaveAttribute('srcset', /\/photos\//)
	await expect(shown.locator('img')).toHaveAttribute('alt', 'The loch, view 1')
	await expect
		.poll(() => shown.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
		.toBeGreaterThan(0)
	await expect(visitor.getByText('The best view from the kitchen window.')).toBeVisible()
	await expect(visitor.getByText('7,500 litres')).toBeVisible()
	await expectNoA11yViolations(visitor)

	// Hide a testimonial: gone from the home page.
	await visit(page, '/admin/testimonials')
	await page
		.getByRole('button', { name: named('Hide: the testimonial from Priya Patel, Leeds') })
		.click()
	await expect(page.getByRole('status').filter({ hasText: 'is hidden' })).toBeVisible()
	await expect(
		page.locator('li', { hasText: 'Priya Patel, Leeds' }).getByText('Hidden', { exact: true }),
	).toBeVisible()
	// A new one is added at the end, and the form is empty again for the next.
	await page.getByLabel('Testimonial text').fill('They rebuilt our filter bay in a day.')
	await page.getByLabel('Name', { exact: true }).fill('Morag Reid')
	await page.getByRole('button', { name: 'Add testimonial' }).click()
	await expect(page.getByRole('status').filter({ hasText: 'added at the end' })).toBeVisible()
	await expect(page.locator('li[data-testimonial]').last()).toContainText('Morag Reid')
	await expect(page.getByLabel('Testimonial text')).toHaveValue('')
	await expect(page.getByLabel('Name', { exact: true })).toHaveValue('')
	await visit(visitor, '/')
	await expect(visitor.getByText('Alasdair Fraser, Nairn')).toBeVisible()
	await expect(visitor.getByText('Priya Patel, Leeds')).toHaveCount(0)
	await expectFitsPhone(visitor, 'the home page with the new project featured')
})

// Alt text belongs to the photo's use (the project's row), not to the file: the same picture
// described for a product arrived in a project with the product's description (issue 62).
test('a photo used elsewhere arrives in a project without the other use’s alt text', async ({
	adminPage: page,
}) => {
	const photo = await smallPhoto('hsl(190, 50%, 35%)')
	const described = await page.request.post(`${STRIPE_SHOP_URL}/admin/photos`, {
		multipart: {
			file: { name: 'pump.jpg', mimeType: 'image/jpeg', buffer: photo },
			alt: 'A pump on the workshop shelf',
		},
		headers: { origin: STRIPE_SHOP_URL, accept: 'application/json' },
	})
	expect(described.status()).toBe(200)
	await visit(page, '/admin/portfolio/new', { a11y: false })
	await page
		.getByLabel(/Add photos/)
		.setInputFiles({ name: 'pond.jpg', mimeType: 'image/jpeg', buffer: photo })
	await expect(page.locator('#project-photos ol > li')).toHaveCount(1, { timeout: 30_000 })
	await expect(page.getByLabel('Alt text for photo 1', { exact: true })).toHaveValue('')
})
