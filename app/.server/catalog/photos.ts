import fs from 'node:fs'
import path from 'node:path'

/** How long a directory listing is trusted (images are generated or added rarely). */
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

/**
 * Whether a product's image exists: an https URL is taken on trust; a site path must be a file
 * under public/ (the generated images live there). One directory listing per folder, not one
 * file-system call per product, so the check stays cheap at 50,000 products.
 */
export function photoChecker(publicDir = path.resolve('public'), now = Date.now()) {
	// Each answer is kept as long as the listings behind it: filtering 50,000 products by 'no photo'
	// resolves each distinct path once, not on every request.
	if (!answers || answers.publicDir !== publicDir || now - answers.at >= LISTING_MS)
		answers = { publicDir, at: now, known: new Map() }
	const { known } = answers
	return (imageUrl: string) => {
		let found = known.get(imageUrl)
		if (found === undefined) {
			found = exists(publicDir, imageUrl, now)
			known.set(imageUrl, found)
		}
		return found
	}
}

let answers: { publicDir: string; at: number; known: Map<string, boolean> } | undefined

function exists(publicDir: string, imageUrl: string, now: number) {
	if (/^https:\/\//.test(imageUrl)) return true
	const file = path.join(publicDir, path.normalize(imageUrl))
	if (!file.startsWith(publicDir + path.sep)) return false
	return listing(path.dirname(file), now).has(path.basename(file))
}
