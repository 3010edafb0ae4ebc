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
	return (imageUrl: string) => {
		if (/^https:\/\//.test(imageUrl)) return true
		const file = path.join(publicDir, path.normalize(imageUrl))
		if (!file.startsWith(publicDir + path.sep)) return false
		return listing(path.dirname(file), now).has(path.basename(file))
	}
}
