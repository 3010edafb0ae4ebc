import { expect, test } from '@playwright/test'
import { PORTFOLIO_PROJECTS } from '../../app/data/portfolio'
import { PROJECT_STORIES } from '../../app/data/portfolio-stories'
import { expectNoA11yViolations, visit, watchConsole } from './support'

test('six project cards whose spinners give way to the photos', async ({ page }) => {
	await visit(page, '/portfolio')
	const cards = page.locator('main article')
	await expect(cards).toHaveCount(6)
	// The test shops draw each picture on its first request (no warm-up, playwright.config.ts):
	// six covers from a cold cache take a few seconds each on a busy machine.
	await expect(page.getByTestId('thumbnail-spinner')).toHaveCount(0, { timeout: 45_000 })
	await expect(page.locator('main article [data-status="loaded"]')).toHaveCount(6)
})

test('a failed thumbnail drops its spinner and shows the placeholder', async ({ page }) => {
	await page.route('**/images/portfolio/pond2/thumbnail.jpeg', (route) => route.abort())
	await visit(page, '/portfolio', { a11y: false })
	const failed = page.locator('main article [data-status="failed"] img')
	await expect(failed).toHaveCount(1)
	await expect(failed).toHaveAttribute('src', /placeholder/)
})

test('each project has its own photo count, title and canonical link', async ({
	page,
	baseURL,
}) => {
	// What each page says, not its pictures (the tests below show those): drawing every project's
	// pictures on first request was most of this test's CPU time in CI.
	await page.route(/\/images\//, (route) => route.abort())
	for (const project of PORTFOLIO_PROJECTS) {
		await visit(page, `/portfolio/${project.id}`, { a11y: project.id === 'pond1' })
		await expect(page.getByRole('heading', { level: 1 })).toHaveText(project.name)
		await expect(page.getByTestId('gallery-counter')).toHaveText(`Image 1 of ${project.imageCount}`)
		await expect(
			page.getByRole('list', { name: 'Choose a photo' }).getByRole('listitem'),
		).toHaveCount(project.imageCount)
		await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
			'href',
			`${baseURL}/portfolio/${project.id}`,
		)
		await expect(page.getByRole('heading', { name: 'What the owners say' })).toHaveCount(
			PROJECT_STORIES[project.id]?.testimonial ? 1 : 0,
		)
	}
})

test('page through all 43 photos of pond3 with buttons and keys, wrapping at both ends', async ({
	page,
}) => {
	const problems = watchConsole(page)
	await visit(page, '/portfolio/pond3')
	const counter = page.getByTestId('gallery-counter')
	await page.getByRole('button', { name: 'Previous photo' }).click()
	await expect(counter).toHaveText('Image 43 of 43')
	await page.getByRole('button', { name: 'Next photo' }).click()
	await expect(counter).toHaveText('Image 1 of 43')
	await page.getByRole('button', { name: 'Next photo' }).focus()
	for (let i = 2; i <= 43; i++) {
		await page.keyboard.press('ArrowRight')
		await expect(counter).toHaveText(`Image ${i} of 43`)
	}
	await page.keyboard.press('ArrowRight')
	await expect(counter).toHaveText('Image 1 of 43')
	const strip = page.getByRole('list', { name: 'Choose a photo' })
	await strip.getByRole('button').nth(29).click()
	await expect(counter).toHaveText('Image 30 of 43')
	await expect(strip.getByRole('button').nth(29)).toBeInViewport()
	await expect(page.locator('main picture img').first()).toHaveAttribute(
		'src',
		/pond3\/30-960\.jpg/,
	)
	expect(problems).toEqual([])
})

test('full screen opens and closes with the keyboard, moves with arrows and gives focus back', async ({
	page,
}) => {
	await visit(page, '/portfolio/pond3')
	const opener = page.getByRole('button', { name: /Full screen/ })
	await opener.focus()
	await page.keyboard.press('Enter')
	const dialog = page.getByRole('dialog')
	await expect(dialog).toBeVisible()
	await expect(dialog).toContainText('Image 1 of 43')
	await expectNoA11yViolations(page)
	await page.keyboard.press('ArrowRight')
	await expect(dialog).toContainText('Image 2 of 43')
	await page.keyboard.press('ArrowLeft')
	await page.keyboard.press('ArrowLeft')
	await expect(dialog).toContainText('Image 43 of 43')
	// Focus stays inside the dialog.
	for (let i = 0; i < 6; i++) await page.keyboard.press('Tab')
	expect(await page.evaluate(() => Boolean(document.activeElement?.closest('dialog')))).toBe(true)
	await page.keyboard.press('Escape')
	await expect(dialog).toBeHidden()
	await expect(opener).toBeFocused()
	await expect(page.getByTestId('gallery-counter')).toHaveText('Image 43 of 43')
})

test('an unknown project shows Project Not Found with a way back', async ({ page }) => {
	const response = await visit(page, '/portfolio/pond99')
	expect(response?.status()).toBe(404)
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Project Not Found')
	await page.getByRole('link', { name: 'Back to Portfolio' }).click()
	await expect(page).toHaveURL(/\/portfolio$/)
})

// At 360 px: every-page.spec.ts opens /portfolio/pond3 on the phone (fits, axe), and
// portfolio-fullscreen.spec.ts swipes its full screen with real touch input.
