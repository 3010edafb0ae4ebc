import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import { parse } from 'csv-parse/sync'
import type { ProductArt } from './catalogue'

/** A demo product picture's address in the catalogue file: /images/products/<slug>.jpg. */
const LOCAL_IMAGE = /^\/images\/products\/([\w-]+)\.jpg$/

export type ProductPictures = {
	/** The catalogue file's content hash: its pictures are cached under it. */
	hash: string
	bySlug: ReadonlyMap<string, ProductArt>
}

/**
 * The products whose picture the shop draws: each row of the catalogue file (CATALOG_FILE)
 * whose image_url is a local /images/products/<slug>.jpg, with the name, vendor and category
 * its picture shows. A missing file has none.
 */
export async function productPictures(csvFile: string): Promise<ProductPictures> {
	const csv = await fs.readFile(csvFile).catch(() => undefined)
	if (!csv) return { hash: 'none', bySlug: new Map() }
	const rows = parse(csv, {
		bom: true,
		columns: true,
		skip_empty_lines: true,
		relax_column_count: true,
	}) as Array<Record<string, string | undefined>>
	const bySlug = new Map<string, ProductArt>()
	for (const row of rows) {
		const slug = LOCAL_IMAGE.exec(row.image_url ?? '')?.[1]
		if (slug && !bySlug.has(slug))
			bySlug.set(slug, {
				name: row.name ?? '',
				vendor: row.vendor ?? '',
				category: row.category ?? '',
			})
	}
	const hash = crypto.createHash('sha256').update(csv).digest('hex').slice(0, 16)
	return { hash, bySlug }
}
