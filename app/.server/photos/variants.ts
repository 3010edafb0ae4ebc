import fs from 'node:fs/promises'
import path from 'node:path'
import sharp, { type OutputInfo } from 'sharp'
import type { Db } from '~/.server/db/client'
import {
	allVariants,
	PHOTO_MAIN_WIDTH,
	PHOTO_THUMB_SIZE,
	PHOTO_WIDTHS,
	type PhotoVariant,
	photoFileName,
} from '~/lib/photos'
import { Slots } from './slots'
import { databaseOriginals, type Original, type OriginalStore } from './store'

/** Photos being resized at once: the machine has few cores and shoppers come first. */
const AT_ONCE = 2
const LARGEST = Math.max(...PHOTO_WIDTHS)

type Pixels = { data: Buffer; info: OutputInfo }

function encode(pixels: Pixels, variant: PhotoVariant) {
	const { width, height, channels } = pixels.info
	const image = sharp(pixels.data, { raw: { width, height, channels } })
	if (variant.kind === 'thumb')
		return image
			.resize(PHOTO_THUMB_SIZE, PHOTO_THUMB_SIZE, { fit: 'cover' })
			.jpeg({ quality: 75, mozjpeg: true })
	const target = variant.kind === 'main' ? PHOTO_MAIN_WIDTH : variant.width
	const resized = image.resize({ width: target, withoutEnlargement: true })
	if (variant.kind === 'main')
		return resized.jpeg({ quality: 78, mozjpeg: true, progressive: true })
	// The same encoder settings as the generated images (scripts/images/variants.ts).
	if (variant.format === 'avif') return resized.avif({ quality: 50, effort: 2 })
	if (variant.format === 'webp') return resized.webp({ quality: 75 })
	return resized.jpeg({ quality: 78, mozjpeg: true, progressive: true })
}

/**
 * This instance's resized copies of uploaded photos (decision 0026): made from the original on
 * first request (or right after upload), all variants of a photo from one decode, written under
 * a temporary name and renamed so a half-written file is never served. Any instance can rebuild
 * any file from the database, so the cache may be deleted at any time.
 */
export class PhotoVariants {
	private readonly making = new Map<string, Promise<boolean>>()
	private readonly slots = new Slots(AT_ONCE)

	constructor(
		private readonly db: Db,
		readonly dir: string,
		private readonly store: OriginalStore = databaseOriginals,
	) {}

	fileFor(variant: PhotoVariant) {
		return path.join(this.dir, photoFileName(variant))
	}

	/** The cached file for `variant`, made if need be; undefined when no such photo is stored. */
	async file(variant: PhotoVariant): Promise<string | undefined> {
		const file = this.fileFor(variant)
		if (await exists(file)) return file
		return (await this.prepare(variant.id)) ? file : undefined
	}

	/**
	 * Makes every variant of a photo (once, however many ask at the same time); false if unknown.
	 * `original`: the bytes just stored, so an upload does not read them back from the database.
	 */
	prepare(id: string, original?: Original): Promise<boolean> {
		let job = this.making.get(id)
		if (!job) {
			job = this.slots.run(() => this.make(id, original)).finally(() => this.making.delete(id))
			this.making.set(id, job)
		}
		return job
	}

	private async make(id: string, given?: Original) {
		const original = given ?? (await this.store.get(this.db, id))
		if (!original) return false
		await fs.mkdir(this.dir, { recursive: true })
		// One decode, down to the largest width; every variant is resized from these pixels.
		const pixels = await sharp(original.bytes)
			.resize({ width: LARGEST, withoutEnlargement: true })
			.flatten({ background: '#ffffff' })
			.raw()
			.toBuffer({ resolveWithObject: true })
		await Promise.all(
			allVariants(id).map(async (variant) => {
				const file = this.fileFor(variant)
				if (await exists(file)) return
				const temp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`
				await encode(pixels, variant).toFile(temp)
				await fs.rename(temp, file)
			}),
		)
		return true
	}
}

async function exists(file: string) {
	try {
		await fs.access(file)
		return true
	} catch {
		return false
	}
}

const instances = new WeakMap<Db, PhotoVariants>()

/** The variant cache of this process for one database (one per running app). */
export function photoVariantsFor(db: Db, dir: string) {
	let found = instances.get(db)
	if (!found || found.dir !== path.resolve(dir)) {
		found = new PhotoVariants(db, path.resolve(dir))
		instances.set(db, found)
	}
	return found
}
