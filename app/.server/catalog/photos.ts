import fs from 'node:fs'
import path from 'node:path'
import { inArray } from 'drizzle-orm'
import type { Db } from '~/.server/db/client'
import { photos } from '~/.server/db/schema'
import { uploadedPhotoId } from '~/lib/photos'

/** How long a directory listing, or a database's "not stored", is trusted. */
const LISTING_MS = 10_000
const listings = new Map<string, { files: Set<string>; at: number }>()

function listing(dir: string, now: number) {
	const cached = listings.get(dir)
	if (cached && now - cached.at < LISTING_MS) return cached.files
	let files: Set<string>
	try {
		files = new Set(fs.readdirSync(dir))
	} catch {
		files = new Set()
	}
	listings.set(dir, { files, at: now })
	return files
}

/** A site path's answer is whether the file exists; an uploaded photo's is its id, asked of the db. */
type Answer = boolean | string

let answers:
	| { publicDir: string; demoImage: unknown; at: number; known: Map<string, Answer> }
	| undefined

/**
 * Per database: uploaded photo ids found stored (a photos row is never deleted, its id being its
 * content, so a yes stays a yes) and ids found missing, with when (asked again after LISTING_MS).
 */
const uploaded = new WeakMap<Db, { stored: Set<string>; missing: Map<string, number> }>()

/** Ids per query: well under the drivers' 65,535 parameters. */
const IDS_A_QUERY = 5000

/**
 * Whether each of these products' images exists: an https URL is taken on trust; an uploaded
 * photo (/photos/<id>.jpg) must be stored in the database; a demo picture (/images/…) must be one
 * the site draws (`demoImage`: decision 0028, drawn yet or not); any other site path must be a
 * file under public/. One directory listing per folder and one query for the uploaded ids not yet
 * seen, not a call per product, so the check stays cheap at 50,000 products.
 */
export async function photoChecker(
	db: Db,
	imageUrls: Iterable<string>,
	{
		publicDir = path.resolve('public'),
		now = Date.now(),
		demoImage = (_name: string) => false,
	}: { publicDir?: string; now?: number; demoImage?: (name: string) => boolean } = {},
) {
	// Each answer is kept as long as the listings behind it: filtering 50,000 products by 'no photo'
	// resolves each distinct path once, not on every request.
	if (
		!answers ||
		answers.publicDir !== publicDir ||
		answers.demoImage !== demoImage ||
		now - answers.at >= LISTING_MS
	)
		answers = { publicDir, demoImage, at: now, known: new Map() }
	const { known } = answers
	const answer = (imageUrl: string) => {
		let found = known.get(imageUrl)
		if (found === undefined) {
			found =
				uploadedPhotoId(imageUrl) ??
				(imageUrl.startsWith('/images/')
					? demoImage(imageUrl.slice('/images/'.length))
					: exists(publicDir, imageUrl, now))
			known.set(imageUrl, found)
		}
		return found
	}
	const state = uploaded.get(db) ?? {
		stored: new Set<string>(),
		missing: new Map<string, number>(),
	}
	uploaded.set(db, state)
	const { stored, missing } = state
	const ask = new Set<string>()
	for (const url of imageUrls) {
		const id = answer(url)
		if (typeof id !== 'string' || stored.has(id)) continue
		const at = missing.get(id)
		if (at === undefined || now - at >= LISTING_MS) ask.add(id)
	}
	const ids = [...ask]
	for (let i = 0; i < ids.length; i += IDS_A_QUERY) {
		const chunk = ids.slice(i, i + IDS_A_QUERY)
		const found = await db.select({ id: photos.id }).from(photos).where(inArray(photos.id, chunk))
		for (const { id } of found) stored.add(id)
		for (const id of chunk) if (!stored.has(id)) missing.set(id, now)
	}
	return (imageUrl: string) => {
		const found = answer(imageUrl)
		return typeof found === 'string' ? stored.has(found) : found
	}
}

function exists(publicDir: string, imageUrl: string, now: number) {
	if (!imageUrl) return false
	if (/^https:\/\//.test(imageUrl)) return true
	const file = path.join(publicDir, path.normalize(imageUrl))
	if (!file.startsWith(publicDir + path.sep)) return false
	return listing(path.dirname(file), now).has(path.basename(file))
}
