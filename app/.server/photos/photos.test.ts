import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { photos } from '~/.server/db/schema'
import { allVariants, photoFileName } from '~/lib/photos'
import { createTestDatabase, type TestDatabase } from '../../../tests/support/db'
import { PDF, phoneJpeg, pngBomb, SVG } from '../../../tests/support/photos'
import { prepareOriginal } from './prepare'
import { savePhoto } from './store'
import { PhotoVariants } from './variants'

describe('checking an upload', () => {
	it('turns a phone photo upright and strips every piece of metadata', async () => {
		const before = await sharp(await phoneJpeg()).metadata()
		expect(before.exif?.toString('latin1')).toContain('PhoneMaker')
		const result = await prepareOriginal(await phoneJpeg(), 'garden.jpg')
		if (!result.ok) throw new Error(result.message)
		const after = await sharp(result.photo.bytes).metadata()
		expect([after.width, after.height]).toEqual([200, 400])
		expect(result.photo).toMatchObject({ width: 200, height: 400, contentType: 'image/jpeg' })
		expect(after.exif).toBeUndefined()
		expect(after.orientation).toBeUndefined()
		expect(after.xmp).toBeUndefined()
		expect(after.iptc).toBeUndefined()
		expect(result.photo.bytes.toString('latin1')).not.toContain('PhoneMaker')
	})

	it('keeps transparency as WebP', async () => {
		const png = await sharp({
			create: { width: 30, height: 30, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
		})
			.png()
			.toBuffer()
		const result = await prepareOriginal(png)
		expect(result.ok && result.photo.contentType).toBe('image/webp')
	})

	it.each([
		['an SVG (scripts)', SVG, /SVG drawing/],
		['a PDF renamed .jpg', PDF, /not a JPEG, PNG, WebP or AVIF/],
		['random bytes', Buffer.from('not an image at all'), /not a JPEG, PNG, WebP or AVIF/],
		['an empty file', Buffer.alloc(0), /is empty/],
		['an over-large file', Buffer.alloc(20 * 1024 * 1024 + 1), /the limit is 20 MB/],
	])('refuses %s', async (_name, bytes, message) => {
		const result = await prepareOriginal(bytes, 'photo.jpg')
		expect(result.ok).toBe(false)
		expect(!result.ok && result.message).toMatch(message)
	})

	it('refuses a damaged JPEG', async () => {
		const whole = await phoneJpeg(1600, 1200)
		const result = await prepareOriginal(whole.subarray(0, whole.length / 2), 'broken.jpg')
		expect(!result.ok && result.message).toMatch(/could not be read as a photo/)
	})

	it('refuses a 100-megapixel PNG bomb from its header, without decoding it', async () => {
		const started = performance.now()
		const result = await prepareOriginal(pngBomb(), 'bomb.png')
		expect(!result.ok && result.message).toMatch(/100 megapixels\); the limit is 40/)
		// Decoding 100 megapixels takes seconds and 300 MB; reading a header takes milliseconds.
		expect(performance.now() - started).toBeLessThan(500)
	})
})

describe('stored photos and their variants', () => {
	let database: TestDatabase
	const dirs: string[] = []
	const cacheDir = () => {
		const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'koi-photos-'))
		dirs.push(dir)
		return dir
	}
	beforeAll(async () => {
		database = await createTestDatabase()
	})
	afterAll(async () => {
		await database?.cleanup()
		for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true })
	})

	it('keeps the original in the database under its content hash', async () => {
		const prepared = await prepareOriginal(await phoneJpeg())
		if (!prepared.ok) throw new Error(prepared.message)
		const ref = await savePhoto(database.db, prepared.photo, { alt: 'A pump', by: 'a@b.c' })
		expect(ref.url).toBe(`/photos/${ref.id}.jpg`)
		expect(ref.thumbUrl).toBe(`/photos/${ref.id}-thumb.jpg`)
		// The same picture again is the same row, with the newer description.
		const again = await savePhoto(database.db, prepared.photo, { alt: 'A blue pump', by: 'a@b.c' })
		expect(again.id).toBe(ref.id)
		const rows = await database.db.select().from(photos)
		expect(rows).toHaveLength(1)
		expect(rows[0]!.alt).toBe('A blue pump')
		expect(Buffer.compare(rows[0]!.bytes!, prepared.photo.bytes)).toBe(0)
	})

	it('makes every variant, identical from two instances with their own caches, none with metadata', async () => {
		const prepared = await prepareOriginal(await phoneJpeg(1600, 1200))
		if (!prepared.ok) throw new Error(prepared.message)
		const { id } = await savePhoto(database.db, prepared.photo, { alt: 'Koi', by: 'a@b.c' })
		const one = new PhotoVariants(database.db, cacheDir())
		const two = new PhotoVariants(database.db, cacheDir())
		await Promise.all([one.prepare(id), one.prepare(id), two.prepare(id)])
		for (const variant of allVariants(id)) {
			const [a, b] = [await one.file(variant), await two.file(variant)]
			const bytes = fs.readFileSync(a!)
			expect(Buffer.compare(bytes, fs.readFileSync(b!)), photoFileName(variant)).toBe(0)
			const meta = await sharp(bytes).metadata()
			expect(meta.exif, photoFileName(variant)).toBeUndefined()
			if (variant.kind === 'thumb') expect([meta.width, meta.height]).toEqual([300, 300])
			if (variant.kind === 'main') expect(meta.width).toBe(800)
			if (variant.kind === 'width') {
				expect(meta.width).toBe(Math.min(variant.width, 1200))
				expect(meta.format).toBe(
					variant.format === 'jpg' ? 'jpeg' : variant.format === 'avif' ? 'heif' : 'webp',
				)
			}
		}
		expect(fs.readdirSync(one.dir).filter((f) => f.endsWith('.tmp'))).toEqual([])
		expect(await one.file({ id: '0'.repeat(32), kind: 'main' })).toBeUndefined()
	})
})
