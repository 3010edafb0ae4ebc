import fs from 'node:fs/promises'
import path from 'node:path'
import type { ResizeOptions } from 'sharp'
import type { Db } from '~/.server/db/client'
import {
	allVariants,
	PHOTO_MAIN_WIDTH,
	PHOTO_THUMB_SIZE,
	PHOTO_WIDTHS,
	type PhotoVariant,
	photoFileName,
} from '~/lib/photos'
import { type EncoderOutput, type PhotoInput, photoWorker } from './photo-worker'
import { Slots } from './slots'
import { databaseOriginals, type OriginalStore } from './store'
import { VARIANT_ENCODERS } from './variant-encoders'

/**
 * Photo jobs in the worker at once, uploaded photos' and drawn pictures' (decision 0028) alike:
 * the machine has few cores and shoppers come first.
 */
export const photoSlots = new Slots(2)
const LARGEST = Math.max(...PHOTO_WIDTHS)

/** How one variant is resized and encoded from the decoded pixels. */
function encoding(variant: PhotoVariant): EncoderOutput & { resize: ResizeOptions } {
	if (variant.kind === 'thumb')
		return {
			resize: { width: PHOTO_THUMB_SIZE, height: PHOTO_THUMB_SIZE, fit: 'cover' },
			format: 'jpeg',
			options: { quality: 75, mozjpeg: true },
		}
	const width = variant.kind === 'main' ? PHOTO_MAIN_WIDTH : variant.width
	const resize = { width, withoutEnlargement: true }
	// The same encoder settings as the site's drawn pictures (decision 0028).
	return { resize, ...VARIANT_ENCODERS[variant.kind === 'width' ? variant.format : 'jpg'] }
}

/**
 * This instance's resized copies of uploaded photos (decision 0026): made from the original on
 * first request (or right after upload), all variants of a photo from one decode, written under
 * a temporary name and renamed so a half-written file is never served. Any instance can rebuild
 * any file from the database, so the cache may be deleted at any time.
 */
export class PhotoVariants {
	private readonly making = new Map<string, Promise<boolean>>()

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
	 * `original`: the original just stored (its file, after an upload), so it is not read back
	 * from the database.
	 */
	prepare(id: string, original?: PhotoInput): Promise<boolean> {
		let job = this.making.get(id)
		if (!job) {
			job = photoSlots.run(() => this.make(id, original)).finally(() => this.making.delete(id))
			this.making.set(id, job)
		}
		return job
	}

	private async make(id: string, given?: PhotoInput) {
		const input = given ?? (await this.store.get(this.db, id))?.bytes
		if (!input) return false
		await fs.mkdir(this.dir, { recursive: true })
		const missing: PhotoVariant[] = []
		for (const variant of allVariants(id))
			if (!(await exists(this.fileFor(variant)))) missing.push(variant)
		if (missing.length === 0) return true
		// One decode, down to the largest width; every variant is resized from those pixels, in the
		// low-priority photo worker.
		await photoWorker.run({
			op: 'variants',
			input,
			decode: { resize: { width: LARGEST, withoutEnlargement: true }, flatten: '#ffffff' },
			outputs: missing.map((variant) => ({ file: this.fileFor(variant), ...encoding(variant) })),
		})
		return true
	}
}

/** Whether a cached file is there (a variant, an original). */
export async function exists(file: string) {
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
