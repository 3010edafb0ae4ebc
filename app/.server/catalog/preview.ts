import type { Db } from '~/.server/db/client'
import { products as productsTable } from '~/.server/db/schema'
import type { Product } from '~/lib/catalog/product'
import type { Named, PriceChange, UploadPreview } from '~/lib/catalog/upload'
import type { RowError } from './csv'
import { importCatalog } from './import'

/** How many rows of each list the preview keeps (the counts are always whole). */
const SHOWN = 200

export type PreviewResult = { ok: true; preview: UploadPreview } | { ok: false; error: string }

/** Validates a file the same way the import does (a dry run) and compares it by product code. */
export async function previewCatalog(db: Db, input: string | Buffer): Promise<PreviewResult> {
	const report = await importCatalog(db, input, { dryRun: true })
	if (report.status === 'refused') return { ok: false, error: report.error }
	if (report.status !== 'valid') throw new Error(`unexpected dry-run status ${report.status}`)
	const current = await db
		.select({
			code: productsTable.code,
			name: productsTable.name,
			pricePence: productsTable.pricePence,
		})
		.from(productsTable)
	return { ok: true, preview: diffCatalog(current, report.products, report.rejected) }
}

export function diffCatalog(
	current: Array<Named & { pricePence: number | null }>,
	next: Product[],
	rejected: RowError[],
): UploadPreview {
	const before = new Map(current.map((p) => [p.code, p]))
	const categories: Record<string, number> = {}
	const added: Named[] = []
	const priceChanged: PriceChange[] = []
	for (const p of next) {
		categories[p.category] = (categories[p.category] ?? 0) + 1
		const old = before.get(p.code)
		if (!old) added.push({ code: p.code, name: p.name })
		else if (old.pricePence !== p.pricePence)
			priceChanged.push({
				code: p.code,
				name: p.name,
				fromPence: old.pricePence,
				toPence: p.pricePence,
			})
	}
	const codes = new Set(next.map((p) => p.code))
	const removed = current
		.filter((p) => !codes.has(p.code))
		.map(({ code, name }) => ({ code, name }))
	return {
		products: next.length,
		categories,
		rejectedCount: rejected.length,
		rejected: rejected.slice(0, SHOWN),
		addedCount: added.length,
		added: added.slice(0, SHOWN),
		removedCount: removed.length,
		removed: removed.slice(0, SHOWN),
		priceChangedCount: priceChanged.length,
		priceChanged: priceChanged.slice(0, SHOWN),
	}
}
