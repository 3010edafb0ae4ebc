import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'

/**
 * Everything that decides how a demo image looks: the drawings, the image lists and sizes, the
 * encoder settings, the worker that runs them, and the sharp (libvips) release.
 */
const SOURCES = [
	'scripts/images',
	'app/lib/images.ts',
	'app/data/portfolio.ts',
	'app/lib/portfolio/photo-sizes.ts',
	'app/.server/demo-images/catalogue.ts',
	'app/.server/photos/variant-encoders.ts',
	'app/.server/photos/photo-worker-child.mjs',
	'node_modules/sharp/package.json',
]

/**
 * The drawings' version (decision 0028): a hash of the sources that decide the pixels, so the
 * same commit always finds its cache and a changed drawing never serves an old file. Tests
 * beside the drawings do not count.
 */
export async function drawingVersion(root = process.cwd()): Promise<string> {
	const hash = crypto.createHash('sha256')
	const visit = async (entry: string): Promise<void> => {
		const full = path.join(root, entry)
		const stat = await fs.stat(full).catch(() => undefined)
		if (!stat) return
		if (stat.isDirectory()) {
			for (const child of (await fs.readdir(full)).sort()) await visit(path.join(entry, child))
		} else if (!entry.endsWith('.test.ts')) {
			hash
				.update(`${entry}\n`)
				.update(await fs.readFile(full))
				.update('\n')
		}
	}
	for (const entry of SOURCES) await visit(entry)
	return hash.digest('hex').slice(0, 16)
}
