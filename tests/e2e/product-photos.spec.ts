import { expect, test } from './admin-session'
import { smallPhoto } from './photos'
import { expectFitsPhone, expectNoA11yViolations, visit, watchConsole } from './support'

/** A photo as a phone would send it (sideways by its EXIF orientation, with a GPS position), small. */
const photo = (background: string) => smallPhoto(background, { phone: true })

// A skimmer no other test edits (demo row 250); the editor and the gallery are also checked at 360 px.
test('product photos: upload two, describe, reorder, see them in the gallery', async ({
	adminPage: page,
}) => {
	const id = '250'
	const problems = watchConsole(page)
	await visit(page, `/admin/products/${id}`)
	const section = page.getByRole('region', { name: 'Photos' })
	await expect(section.getByTestId('photo-item')).toHaveCount(1)

	// The first chosen is held back, so it finishes last: the list still keeps the chosen order.
	const stored = new Map<string, string>()
	page.on('response', async (res) => {
		if (!res.url().endsWith('/admin/photos') || res.request().method() !== 'POST') return
		const name = /filename="([^"]+)"/.exec(res.request().postDataBuffer()?.toString('latin1') ?? '')
		const body = (await res.json()) as { photos?: Array<{ thumbUrl: string }> }
		if (name && body.photos?.[0]) stored.set(name[1]!, body.photos[0].thumbUrl)
	})
	await page.route('**/admin/photos', async (route) => {
		if (route.request().postDataBuffer()?.includes('pond-edge.jpg'))
			await new Promise((resolve) => setTimeout(resolve, 2500))
		await route.continue()
	})
	await section.getByLabel(/Add photos/).setInputFiles([
		{ name: 'pond-edge.jpg', mimeType: 'image/jpeg', buffer: await photo('#2e6b57') },
		{ name: 'skimmer-box.jpg', mimeType: 'image/jpeg', buffer: await photo('#c9a27e') },
	])
	await expect(section.getByText('Uploaded: describe it below, then save')).toHaveCount(2)
	const items = section.getByTestId('photo-item')
	await expect(items).toHaveCount(3)
	await expect.poll(() => stored.size).toBe(2)
	await expect(items.nth(1).locator('img')).toHaveAttribute('src', stored.get('pond-edge.jpg')!)
	await expect(items.nth(2).locator('img')).toHaveAttribute('src', stored.get('skimmer-box.jpg')!)
	const alts = section.getByLabel('Description (alt text)')
	await alts.nth(0).fill('Photo A: the skimmer at the pond edge')
	await alts.nth(1).fill('Photo B: the skimmer box open')

	// Reorder by keyboard: the second upload becomes the main photo, then the first moves up.
	// Focus follows the moved photo to a button still enabled, never dropping to the page.
	await section.getByRole('button', { name: 'Make main: photo 3' }).press('Enter')
	await expect(section.getByRole('button', { name: 'Move down: main photo' })).toBeFocused()
	await section.getByRole('button', { name: 'Move up: photo 3' }).press('Enter')
	await expect(section.getByRole('button', { name: 'Move up: photo 2' })).toBeFocused()
	await expect(items.nth(0).getByLabel('Description (alt text)')).toHaveValue(
		'Photo B: the skimmer box open',
	)
	await expect(items.nth(1).getByLabel('Description (alt text)')).toHaveValue(
		'Photo A: the skimmer at the pond edge',
	)
	await expectFitsPhone(page, 'the photo editor with three photos')
	await expectNoA11yViolations(page)
	await section.getByRole('button', { name: 'Save photos' }).click()
	await expect(page.getByText('Photos saved. Shop pages show them now.')).toBeVisible()
	await expect(items).toHaveCount(3)

	// The product page: the gallery opens on the main photo, in modern formats, and moves on.
	const productPath = await page
		.getByRole('link', { name: /View on the shop|View/ })
		.first()
		.getAttribute('href')
	await visit(page, productPath!)
	const gallery = page.getByRole('region', { name: /photos$/ })
	await expect(gallery.getByTestId('gallery-counter')).toHaveText('Image 1 of 3')
	const main = gallery.locator('picture img').first()
	await expect(main).toHaveAttribute('alt', 'Photo B: the skimmer box open')
	await expect(gallery.locator('source[type="image/avif"]')).toHaveAttribute(
		'srcset',
		/-960\.avif 960w/,
	)
	expect(await main.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(
		true,
	)
	await gallery.getByRole('button', { name: 'Show view 2' }).click()
	await expect(gallery.locator('picture img').first()).toHaveAttribute(
		'alt',
		'Photo A: the skimmer at the pond edge',
	)
	await expectFitsPhone(page, 'the product page with its new gallery')
	expect(problems).toEqual([])
})
