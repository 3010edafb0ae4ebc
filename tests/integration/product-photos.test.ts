import crypto from 'node:crypto'
import fs from 'node:fs'
import { count, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { productFingerprint } from '~/.server/catalog/edit'
import { storedProduct } from '~/.server/catalog/product-admin'
import { catalogChanges, photos } from '~/.server/db/schema'
import { databaseOriginals } from '~/.server/photos/store'
import { allVariants, photoFileName } from '~/lib/photos'
import { startTestApp, type TestApp } from '../support/app'
import { createAdmin, createCustomer } from '../support/factories'
import { PDF, phoneJpeg, pngBomb, SVG, spooledForms } from '../support/photos'
import type { TestClient } from '../support/session'

const demo = fs.readFileSync('catalog/products.csv', 'utf8')
const [header, ...rows] = demo.trimEnd().split('\n')
const small = `${header}\n${rows.slice(0, 5).join('\n')}\n`

let app: TestApp
let admin: TestClient
let customer: TestClient

beforeAll(async () => {
	app = await startTestApp({}, { catalogCsv: small })
	admin = (await createAdmin(app)).client
	customer = (await createCustomer(app)).client
})
afterAll(async () => {
	await app?.close()
})

const photoCount = async () => (await app.database.db.select({ n: count() }).from(photos))[0]!.n

function upload(
	client: TestClient,
	files: Array<[Buffer, string]>,
	fields: Record<string, string> = {},
	json = true,
) {
	const body = new FormData()
	for (const [bytes, name] of files) body.append('file', new Blob([new Uint8Array(bytes)]), name)
	for (const [k, v] of Object.entries(fields)) body.append(k, v)
	return client.request('/admin/photos', {
		method: 'POST',
		body,
		headers: json ? { accept: 'application/json' } : {},
	})
}

async function fingerprintOf(id: string) {
	return productFingerprint((await storedProduct(app.database.db, id))!)
}

function savePhotos(list: Array<[string, string]>, fingerprint: string, op?: string) {
	const body = new URLSearchParams({ intent: 'photos', fingerprint })
	for (const [url, alt] of list) {
		body.append('photo', url)
		body.append('alt', alt)
	}
	if (op) body.append('op', op)
	return admin.request('/admin/products/0', {
		method: 'POST',
		headers: { 'content-type': 'application/x-www-form-urlencoded' },
		body: body.toString(),
	})
}

describe('uploading photos', () => {
	it('refuses visitors and customers, storing nothing', async () => {
		const jpeg = await phoneJpeg()
		const visitor = await app.request('/admin/photos', {
			method: 'POST',
			headers: { origin: app.url },
			body: (() => {
				const f = new FormData()
				f.append('file', new Blob([new Uint8Array(jpeg)]), 'a.jpg')
				return f
			})(),
		})
		expect([302, 303]).toContain(visitor.status)
		expect((await upload(customer, [[jpeg, 'a.jpg']])).status).toBe(403)
		expect(await photoCount()).toBe(0)
	})

	it.each([
		['an SVG', SVG, 'logo.svg', /SVG drawing/],
		['a PDF renamed .jpg', PDF, 'invoice.jpg', /invoice\.jpg is not a JPEG, PNG, WebP or AVIF/],
		['a 100-megapixel PNG bomb', pngBomb(), 'bomb.png', /100 megapixels\); the limit is 40/],
	])('refuses %s with a clear message and stores nothing', async (_n, bytes, name, message) => {
		const res = await upload(admin, [[bytes, name]])
		expect(res.status).toBe(400)
		const answer = (await res.json()) as { ok: boolean; error: string }
		expect(answer.ok).toBe(false)
		expect(answer.error).toMatch(message)
		expect(await photoCount()).toBe(0)
	})

	it('refuses a file over 20 MB with its size, storing nothing', async () => {
		const big = Buffer.concat([await phoneJpeg(), Buffer.alloc(21 * 1024 * 1024)])
		const res = await upload(admin, [[big, 'huge.jpg']])
		expect(res.status).toBe(413)
		expect(((await res.json()) as { error: string }).error).toMatch(
			/huge\.jpg is 21\.0 MB; the limit is 20 MB/,
		)
		expect(await photoCount()).toBe(0)
		expect(await spooledForms(app)).toEqual([])
	})

	it('refuses a damaged photo, and a batch with one bad file stores none of it', async () => {
		const good = await phoneJpeg(1600, 1200)
		const broken = good.subarray(0, Math.round(good.length * 0.6))
		const res = await upload(admin, [
			[good, 'good.jpg'],
			[broken, 'broken.jpg'],
		])
		expect(res.status).toBe(400)
		expect(((await res.json()) as { error: string }).error).toMatch(
			/broken\.jpg could not be read as a photo/,
		)
		expect(await photoCount()).toBe(0)
		expect(await spooledForms(app)).toEqual([])
	})

	it('stores a phone photo without its GPS position and serves every variant for a year', async () => {
		const res = await upload(admin, [[await phoneJpeg(1600, 1200), 'garden.jpg']])
		expect(res.status).toBe(200)
		const answer = (await res.json()) as { ok: true; photos: Array<{ id: string; url: string }> }
		const [photo] = answer.photos
		expect(photo!.url).toBe(`/photos/${photo!.id}.jpg`)
		const kept = await databaseOriginals.get(app.database.db, photo!.id)
		const original = await sharp(kept!.bytes).metadata()
		expect([original.width, original.height, original.exif]).toEqual([1200, 1600, undefined])
		for (const variant of allVariants(photo!.id)) {
			const served = await app.request(`/photos/${photoFileName(variant)}`)
			expect(served.status, photoFileName(variant)).toBe(200)
			expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
			const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata()
			expect(meta.exif).toBeUndefined()
			expect(served.headers.get('content-type')).toMatch(/^image\/(jpeg|webp|avif)$/)
		}
		// Made once, then served as a static file from this instance's cache, revalidated by ETag.
		const thumb = await app.request(`/photos/${photo!.id}-thumb.jpg`)
		expect(thumb.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
		const again = await app.request(`/photos/${photo!.id}-thumb.jpg`, {
			// fetch() adds 'Cache-Control: no-cache' to a conditional request unless one is given.
			headers: { 'if-none-match': thumb.headers.get('etag')!, 'cache-control': 'max-age=0' },
		})
		expect(again.status).toBe(304)
		expect((await app.request(`/photos/${'0'.repeat(32)}.jpg`)).status).toBe(404)
		expect((await app.request(`/photos/${photo!.id}-333.webp`)).status).toBe(404)
		expect((await app.request(`/photos/${photo!.id}-1280.avif`)).status).toBe(404)
		// The form and the original waited on disk only until the variants were made.
		expect(await spooledForms(app)).toEqual([])
	})

	it('serves the same bytes from a second instance with its own cache', async () => {
		// A noisy photo: its variants are kilobytes, large enough for the page cache to gzip.
		const raw = crypto.randomBytes(640 * 480 * 3)
		const noisy = await sharp(raw, { raw: { width: 640, height: 480, channels: 3 } })
			.jpeg()
			.toBuffer()
		const res = await upload(admin, [[noisy, 'noisy.jpg']])
		const row = ((await res.json()) as { photos: Array<{ id: string }> }).photos[0]
		// The second has production's page cache: a variant it makes passes through it once.
		const second = await startTestApp({}, { shared: app.database, pageCacheMs: 60_000 })
		try {
			for (const name of [`${row!.id}-480.avif`, `${row!.id}-480.jpg`, `${row!.id}-thumb.jpg`]) {
				const [a, b] = await Promise.all([
					app.request(`/photos/${name}`).then((r) => r.arrayBuffer()),
					second
						.request(`/photos/${name}`, { headers: { 'accept-encoding': 'gzip' } })
						.then((r) => r.arrayBuffer()),
				])
				expect(second.env.PHOTO_CACHE_DIR).not.toBe(app.env.PHOTO_CACHE_DIR)
				expect(Buffer.compare(Buffer.from(a), Buffer.from(b)), name).toBe(0)
			}
		} finally {
			await second.close()
		}
	})
})

describe("a product's photos", () => {
	let uploaded: string
	it('adds an uploaded photo to the gallery only with a description, as a catalogue change', async () => {
		const res = await upload(admin, [[await phoneJpeg(900, 600), 'koi.jpg']])
		uploaded = ((await res.json()) as { photos: Array<{ url: string }> }).photos[0]!.url
		const product = (await storedProduct(app.database.db, '0'))!
		const fingerprint = await fingerprintOf('0')
		const missing = await savePhotos(
			[
				[product.imageUrl, ''],
				[uploaded, ''],
			],
			fingerprint,
		)
		expect(missing.status).toBe(400)
		expect(await missing.text()).toMatch(/needs a description/)
		const saved = await savePhotos(
			[
				[product.imageUrl, ''],
				[uploaded, 'Koi at the surface of a clear pond'],
			],
			fingerprint,
		)
		expect(saved.status).toBe(302)
		expect((await storedProduct(app.database.db, '0'))!.moreImages).toEqual([uploaded])
		const [change] = await app.database.db
			.select()
			.from(catalogChanges)
			.where(eq(catalogChanges.action, 'photos'))
		expect(change?.detail).toMatch(/2 photos; alt text of 1 changed/)
		// Someone else's older view of the product is refused.
		const stale = await savePhotos([[uploaded, 'x']], fingerprint)
		expect(stale.status).toBe(409)

		const pageOf = () => app.request(`/pond-products/${product.category}/0`).then((r) => r.text())
		await expect.poll(pageOf, { timeout: 5000 }).toMatch(/Image 1 of 2/)
		const page = await pageOf()
		expect(page).toContain('Koi at the surface of a clear pond')
		// The gallery's strip shows it; the counter says there are two.
		expect(page).toContain(uploaded.replace('.jpg', '-thumb.jpg'))
		expect(page).toMatch(/Image 1 of 2/)
	})

	it('makes an uploaded photo the main one with a button, and the CSV carries both', async () => {
		const before = (await storedProduct(app.database.db, '0'))!
		const res = await savePhotos(
			[
				[before.imageUrl, ''],
				[uploaded, 'Koi at the surface of a clear pond'],
			],
			await fingerprintOf('0'),
			'main:1',
		)
		expect(res.status).toBe(302)
		const after = (await storedProduct(app.database.db, '0'))!
		expect(after.imageUrl).toBe(uploaded)
		expect(after.moreImages).toEqual([before.imageUrl])
		// The read model follows the new catalogue version within a second (decision 0024).
		const csv = () => admin.request('/admin/catalogue.csv').then((r) => r.text())
		await expect.poll(csv, { timeout: 5000 }).toContain(`${uploaded},`)
		expect((await csv()).split('\n')[0]).toContain('more_images')
		// The product page opens on it, in every format and width.
		const page = await (await app.request(`/pond-products/${after.category}/0`)).text()
		expect(page).toContain(`${uploaded.replace('.jpg', '-960.avif')} 960w`)
		expect(page).toContain(`${uploaded.replace('.jpg', '-1280.webp')} 1280w`)
		expect(page).toContain('alt="Koi at the surface of a clear pond"')
		// The card's thumbnail follows the spec's -thumb.jpg rule.
		const list = await (await app.request(`/pond-products/${after.category}`)).text()
		expect(list).toContain(uploaded.replace('.jpg', '-thumb.jpg'))
	})

	it('takes photos from the plain form (no script), requiring a description', async () => {
		const jpeg = await phoneJpeg(700, 500)
		const bare = await upload(
			admin,
			[[jpeg, 'a.jpg']],
			{
				productId: '0',
				fingerprint: await fingerprintOf('0'),
			},
			false,
		)
		expect(bare.status).toBe(302)
		expect(bare.headers.get('location')).toMatch(/photoError=Please%20describe/)
		// A long name of emoji, cut for the message, sent back in the redirect's query.
		const broken = jpeg.subarray(0, Math.round(jpeg.length * 0.6))
		const fishy = await upload(
			admin,
			[[broken, `${'🐟'.repeat(70)}.jpg`]],
			{ productId: '0', fingerprint: await fingerprintOf('0'), alt: 'Fish' },
			false,
		)
		expect(fishy.status).toBe(302)
		const message = new URL(fishy.headers.get('location')!, 'http://x').searchParams.get(
			'photoError',
		)
		expect(message).toBe(
			`${'🐟'.repeat(57)}… could not be read as a photo: it may be damaged or only partly uploaded.`,
		)
		const done = await upload(
			admin,
			[[jpeg, 'a.jpg']],
			{
				productId: '0',
				fingerprint: await fingerprintOf('0'),
				alt: 'A liner offcut',
			},
			false,
		)
		expect(done.headers.get('location')).toBe('/admin/products/0?saved=photos#photos')
		expect((await storedProduct(app.database.db, '0'))!.moreImages).toHaveLength(2)
	})
})
