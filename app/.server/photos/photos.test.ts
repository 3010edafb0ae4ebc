import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { and, eq, sql } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { photoChunks, photos } from '~/.server/db/schema'
import { allVariants, photoFileName } from '~/lib/photos'
import { createTestDatabase, type TestDatabase } from '../../../tests/support/db'
import { PDF, phoneJpeg, pngBomb, SVG } from '../../../tests/support/photos'
import { contentId } from './content-id.mjs'
import { type PreparedOriginal, prepareOriginal } from './prepare'
import { CHUNK_BYTES, databaseOriginals, purgeOrphanChunks, savePhoto } from './store'

/** A prepared original's bytes, from memory or from its file. */
const bytesOf = (photo: PreparedOriginal) =>
	photo.file === undefined ? photo.bytes : fs.readFileSync(photo.file)

import { PhotoVariants } from './variants'

describe('checking an upload', () => {
	it('turns a phone photo upright and strips every piece of metadata', async () => {
		const before = await sharp(await phoneJpeg()).metadata()
		expect(before.exif?.toString('latin1')).toContain('PhoneMaker')
		const result = await prepareOriginal(await phoneJpeg(), 'garden.jpg')
		if (!result.ok) throw new Error(result.message)
		const after = await sharp(bytesOf(result.photo)).metadata()
		expect([after.width, after.height]).toEqual([200, 400])
		expect(result.photo).toMatchObject({ width: 200, height: 400, contentType: 'image/jpeg' })
		expect(after.exif).toBeUndefined()
		expect(after.orientation).toBeUndefined()
		expect(after.xmp).toBeUndefined()
		expect(after.iptc).toBeUndefined()
		expect(bytesOf(result.photo).toString('latin1')).not.toContain('PhoneMaker')
	})

	it('names the original by its hash, the same from bytes or from an upload on disk', async () => {
		const jpeg = await phoneJpeg()
		const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'koi-prepare-'))
		try {
			const file = path.join(dir, 'upload')
			fs.writeFileSync(file, jpeg)
			const [fromBytes, fromFile] = await Promise.all([
				prepareOriginal(jpeg),
				prepareOriginal({ file, size: jpeg.length }),
			])
			if (!fromBytes.ok || !fromFile.ok) throw new Error('not prepared')
			// The worker names what it made by the rule, from the bytes it answered (or URLs would change).
			expect(fromBytes.photo.id).toBe(contentId(bytesOf(fromBytes.photo)))
			expect(fromFile.photo.id).toBe(fromBytes.photo.id)
			// The original is left beside the upload, to be stored and its variants made from there;
			// its bytes are not read into the server's memory.
			expect(fromFile.photo.file).toBe(`${file}.original`)
			expect(fromFile.photo.bytes).toBeUndefined()
			expect(fromFile.photo.size).toBe(fromBytes.photo.size)
			expect(Buffer.compare(fs.readFileSync(`${file}.original`), bytesOf(fromBytes.photo))).toBe(0)
		} finally {
			fs.rmSync(dir, { recursive: true, force: true })
		}
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
		const kept = await databaseOriginals.get(database.db, ref.id)
		expect(Buffer.compare(kept!.bytes, bytesOf(prepared.photo))).toBe(0)
	})

	it.each(['memory', 'an upload on disk'])(
		'keeps a large original from %s in 64 KB chunks and reads it back byte for byte',
		async (from) => {
			// Noise does not compress: a few hundred KB of JPEG.
			const noise = await sharp(crypto.randomBytes(600 * 400 * 3), {
				raw: { width: 600, height: 400, channels: 3 },
			})
				.jpeg({ quality: 95 })
				.toBuffer()
			const upload = path.join(cacheDir(), 'upload')
			fs.writeFileSync(upload, noise)
			const prepared = await prepareOriginal(
				from === 'memory' ? noise : { file: upload, size: noise.length },
			)
			if (!prepared.ok) throw new Error(prepared.message)
			expect(prepared.photo.file === undefined).toBe(from === 'memory')
			const bytes = bytesOf(prepared.photo)
			expect(bytes.length).toBeGreaterThan(3 * CHUNK_BYTES)
			const { id } = await savePhoto(database.db, prepared.photo, { alt: 'Large', by: 'a@b.c' })
			const chunks = await database.db
				.select({ seq: photoChunks.seq, size: sql<number>`length(${photoChunks.bytes})` })
				.from(photoChunks)
				.where(eq(photoChunks.photoId, id))
				.orderBy(photoChunks.seq)
			expect(chunks.map((c) => c.seq)).toEqual([...chunks.keys()])
			expect(chunks.length).toBe(Math.ceil(bytes.length / CHUNK_BYTES))
			expect(chunks.slice(0, -1).every((c) => Number(c.size) === CHUNK_BYTES)).toBe(true)
			const kept = await databaseOriginals.get(database.db, id)
			expect(kept?.contentType).toBe('image/jpeg')
			expect(Buffer.compare(kept!.bytes, bytes)).toBe(0)
			// A missing chunk is no photo, rather than a truncated one.
			await database.db
				.delete(photoChunks)
				.where(and(eq(photoChunks.photoId, id), eq(photoChunks.seq, 1)))
			expect(await databaseOriginals.get(database.db, id)).toBeUndefined()
		},
	)

	it('purges chunks of an upload that never got its row, after a day', async () => {
		const chunk = { photoId: 'cd'.repeat(16), seq: 0, bytes: Buffer.from('partial upload') }
		await database.db.insert(photoChunks).values(chunk)
		const now = new Date()
		expect(await purgeOrphanChunks(database.db, now)).toBe(0)
		expect(await purgeOrphanChunks(database.db, new Date(now.getTime() + 86_400_000 + 1000))).toBe(
			1,
		)
		// Chunks of recorded photos stay, however old.
		expect((await database.db.select().from(photoChunks)).length).toBeGreaterThan(0)
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
