import crypto from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Db, Tx } from '~/.server/db/client'
import { rows } from '~/.server/db/rows'
import type { Product } from '~/lib/catalog/product'
import {
	duplicateCodeMessage,
	type ProductFields,
	productToRow,
} from '~/lib/catalog/product-schema'
import type { FieldErrors } from '~/lib/forms'
import { readProducts } from './catalog-index'
import {
	type CategoryChecker,
	type CategoryData,
	categoryChecker,
	readCategoryData,
} from './categories-read'
import { parseCatalogCsv } from './csv'
import { catalogCsv } from './export'
import { catalogHash, lockCatalog, recordCatalogChange, replaceCatalog } from './import'

export const CHANGED_ELSEWHERE =
	'This product was changed by someone else. Reload to see the latest.'

/** What the editor showed: a product's cells, hashed (the optimistic check, decision 0024). */
export function productFingerprint(product: ProductFields) {
	return crypto
		.createHash('sha256')
		.update(JSON.stringify(productToRow(product)))
		.digest('hex')
}

export type Change = { action: string; code: string; name: string; detail: string }
export type Refusal = {
	ok: false
	status: 400 | 404 | 409
	error: string
	fieldErrors?: FieldErrors
	/** The product has been ordered: the page offers to hide it instead. */
	offerHide?: boolean
}
export type EditOutcome =
	| { ok: true; products: ProductFields[]; change: Change; id: string }
	| Refusal
export type EditResult = { ok: true; version: number; id: string; change: Change } | Refusal

/** A version an editor's save committed: what the saving instance puts live (Catalog.adopt). */
export type Published = {
	version: number
	contentHash: string
	everything: Product[]
	categoryData: CategoryData
}

/** The read model's products and the version they are (Catalog.snapshot). */
export type LiveCatalogue = {
	snapshot(): Promise<{ version: number; everything: Product[] }>
	adopt(published: Published): void
}

/**
 * Every editor save goes through here: under the catalogue lock, the current products are read,
 * `edit` returns the new list (or refuses), and the result is published as an uploaded file is —
 * its changed rows checked by the import's own parser, the whole written as the CSV kept as a
 * catalogue version (so restore undoes it) — and recorded with who and when.
 *
 * At 50,000 products the work is in what did not change, so it is skipped: the products come from
 * the read model when it is the locked version (the same rows, already in memory), and only the
 * rows the edit replaced or moved are parsed and written.
 */
export async function editCatalog(
	db: Db,
	publishedBy: string,
	edit: (current: Product[], tx: Tx) => Promise<EditOutcome> | EditOutcome,
	live?: LiveCatalogue,
): Promise<EditResult> {
	// Taken before the transaction: the read model may ask the database, and on the embedded
	// database nothing else runs while a transaction is open.
	const snapshot = await live?.snapshot().catch(() => undefined)
	let published: Published | undefined
	const result = await db.transaction(async (tx) => {
		const state = await lockCatalog(tx)
		const current =
			snapshot && snapshot.version === state?.version ? snapshot.everything : await readProducts(tx)
		const outcome = await edit(current, tx)
		if (!outcome.ok) return outcome
		// Read after the edit: a category's rename (categories.ts) changes them in this transaction.
		const categoryData = await readCategoryData(tx)
		const checked = checkedRows(current, outcome.products, categoryChecker(categoryData))
		if (!checked.ok) return checked
		const { change } = outcome
		const csv = catalogCsv(checked.products)
		const contentHash = catalogHash(csv)
		const summary = `${change.action}: ${change.code} ${change.name}`.slice(0, 300)
		const version = await replaceCatalog(tx, state, {
			products: checked.products,
			changed: checked.changed,
			csv,
			contentHash,
			publishedBy,
			summary,
		})
		await recordCatalogChange(tx, { by: publishedBy, ...change })
		published = { version, contentHash, everything: checked.products, categoryData }
		return { ok: true as const, version, id: outcome.id, change }
	})
	// Committed: live here now. Other instances load it when they see the new version.
	if (result.ok && published) live?.adopt(published)
	return result
}

/**
 * The edited list as the import would store it: a product still in its row is kept as it is; any
 * other is written as a CSV row and parsed back by the import's parser (its id its row), so an
 * edit obeys exactly the rules and messages of an upload. Codes stay unique across the file.
 */
function checkedRows(
	current: Product[],
	next: ProductFields[],
	category: CategoryChecker,
): Refusal | { ok: true; products: Product[]; changed: Product[] } {
	const checked: Product[] = []
	const changed: Product[] = []
	for (const [i, fields] of next.entries()) {
		const kept = current[i]
		if (kept && fields === kept && kept.id === String(i)) {
			checked.push(kept)
			continue
		}
		if (!category(fields.category).ok) {
			const message = 'Choose a category from the list'
			return { ok: false, status: 400, error: message, fieldErrors: { category: message } }
		}
		const parsed = parseCatalogCsv(catalogCsv([fields]), category)
		if (!parsed.ok) return { ok: false, status: 400, error: parsed.error }
		const [product] = parsed.products
		if (!product) return { ok: false, status: 400, error: parsed.errors[0]?.reason ?? '' }
		const row = { ...product, id: String(i) }
		checked.push(row)
		changed.push(row)
	}
	const lines = new Map<string, number>()
	for (const [i, product] of checked.entries()) {
		const first = lines.get(product.code)
		// Line numbers as in the file: the header is line 1.
		if (first !== undefined)
			return {
				ok: false,
				status: 400,
				error: duplicateCodeMessage(product.code, `first on line ${first}`),
			}
		lines.set(product.code, i + 2)
	}
	return { ok: true, products: checked, changed }
}

/** True when any order (of any status) has a line with this product code. */
export async function everOrdered(tx: Tx | Db, code: string) {
	const found = await rows(
		tx,
		sql`select 1 from orders where cart_items @> ${JSON.stringify([{ code }])}::jsonb limit 1`,
	)
	return found.length > 0
}

/** The fields that changed, as 'price: 12.99 → 14.50; vendor: Oase → Evolution Aqua'. */
export function describeChanges(before: ProductFields, after: ProductFields) {
	const a = productToRow(before)
	const b = productToRow(after)
	const show = (v: string) => (v.length > 60 ? `${v.slice(0, 57)}…` : v || '(empty)')
	return (Object.keys(a) as Array<keyof typeof a>)
		.filter((key) => a[key] !== b[key])
		.map((key) => `${key}: ${show(a[key])} → ${show(b[key])}`)
		.join('; ')
		.slice(0, 2000)
}
