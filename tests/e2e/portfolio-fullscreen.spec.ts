import { expect, type Page, test } from '@playwright/test'
import { visit } from './support'

// Issue 34 item 1: on a landscape screen the photo was drawn taller than the viewport and
// covered Close and the counter. Each size: photo inside the viewport, every control visible,
// on top (elementFromPoint at its centre) and at least 44×44; real touch swipes; Tab cycles.
// The desktop size on the desktop, the phone's sizes on the phone (@phone).
const SCREENS = [
	{ name: 'desktop 1280×800', width: 1280, height: 800 },
	{ name: 'phone portrait 360×780', width: 360, height: 780 },
	{ name: 'phone landscape 780×360', width: 780, height: 360 },
]

test.use({ hasTouch: true })

async function openViewer(page: Page, size: { width: number; height: number }) {
	await page.setViewportSize(size)
	await visit(page, '/portfolio/pond3', { a11y: false })
	const opener = page.getByRole('button', { name: /Full screen/ })
	await opener.click()
	const dialog = page.getByRole('dialog')
	await expect(dialog).toBeVisible()
	await expect(dialog.locator('img')).toHaveJSProperty('complete', true)
	return { opener, dialog }
}

/** A one-finger horizontal drag through the browser's own touch input (so touch-action applies). */
async function touchSwipe(page: Page, fromX: number, toX: number, y: number) {
	const cdp = await page.context().newCDPSession(page)
	const point = (x: number) => [{ x, y, id: 1 }]
	await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(fromX) })
	for (let step = 1; step <= 8; step++) {
		const x = fromX + ((toX - fromX) * step) / 8
		await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: point(x) })
	}
	await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
	await cdp.detach()
}

for (const screen of SCREENS) {
	test(`full screen fits a ${screen.name} with every control visible and on top${screen.name.startsWith('phone') ? ' @phone' : ''}`, async ({
		page,
	}) => {
		const { dialog } = await openViewer(page, screen)
		const photo = await dialog.locator('img').boundingBox()
		expect(photo).not.toBeNull()
		if (!photo) return
		expect(photo.x).toBeGreaterThanOrEqual(0)
		expect(photo.y).toBeGreaterThanOrEqual(0)
		expect(photo.x + photo.width).toBeLessThanOrEqual(screen.width)
		expect(photo.y + photo.height).toBeLessThanOrEqual(screen.height)
		// The picture drawn inside the box (object-fit: contain) is not cropped either.
		const fit = await dialog.locator('img').evaluate((img) => getComputedStyle(img).objectFit)
		expect(fit).toBe('contain')

		const controls = [
			dialog.getByRole('button', { name: 'Close full screen' }),
			dialog.getByRole('button', { name: 'Previous photo' }),
			dialog.getByRole('button', { name: 'Next photo' }),
			dialog.getByText('Image 1 of 43'),
		]
		for (const control of controls) {
			await expect(control).toBeInViewport({ ratio: 1 })
			const box = await control.boundingBox()
			expect(box).not.toBeNull()
			if (!box) continue
			const isButton = await control.evaluate((el) => el.tagName === 'BUTTON')
			if (isButton) {
				expect(box.width).toBeGreaterThanOrEqual(44)
				expect(box.height).toBeGreaterThanOrEqual(44)
			}
			const onTop = await control.evaluate(
				(el, { x, y }) => {
					const hit = document.elementFromPoint(x, y)
					return hit === el || el.contains(hit)
				},
				{ x: box.x + box.width / 2, y: box.y + box.height / 2 },
			)
			expect(onTop, `${await control.textContent()} is on top`).toBe(true)
		}
	})
}

test('full screen swipes with a finger on a landscape phone and keeps focus inside @phone', async ({
	page,
}) => {
	const { opener, dialog } = await openViewer(page, { width: 780, height: 360 })
	await touchSwipe(page, 600, 200, 180)
	await expect(dialog).toContainText('Image 2 of 43')
	await touchSwipe(page, 200, 600, 180)
	await touchSwipe(page, 200, 600, 180)
	await expect(dialog).toContainText('Image 43 of 43')

	// Tab and Shift+Tab cycle through the dialog's three buttons and never leave it.
	const buttons = dialog.getByRole('button')
	await expect(buttons).toHaveCount(3)
	const close = dialog.getByRole('button', { name: 'Close full screen' })
	await close.focus()
	const seen: string[] = []
	for (let i = 0; i < 7; i++) {
		await page.keyboard.press('Tab')
		seen.push(
			await page.evaluate(() =>
				document.activeElement?.closest('dialog')
					? (document.activeElement.textContent ?? '')
					: 'outside',
			),
		)
	}
	expect(seen).toEqual([
		'Previous photo',
		'Next photo',
		'Close full screen',
		'Previous photo',
		'Next photo',
		'Close full screen',
		'Previous photo',
	])
	await page.keyboard.press('Shift+Tab')
	await expect(close).toBeFocused()
	await page.keyboard.press('Shift+Tab')
	await expect(dialog.getByRole('button', { name: 'Next photo' })).toBeFocused()

	await close.click()
	await expect(dialog).toBeHidden()
	await expect(opener).toBeFocused()
})
