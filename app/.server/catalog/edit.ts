import crypto from 'node:crypto'
import { asc, getTableColumns, sql } from 'drizzle-orm'
import type { Db, Tx } from '~/.server/db/client'
import { rows } from '~/.server/db/rows'
import { catalogChanges, products } from '~/.server/db/schema'
import type { Product } from '~/lib/catalog/product'
import { type ProductFields, productToRow } from '~/lib/catalog/product-schema'
import type { FieldErrors } from '~/lib/forms'
import { parseCatalogCsv } from './csv'
import { catalogCsv } from './export'
import { catalogHash, lockCatalog, replaceCatalog } from './import'

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

/**
 * Every editor save goes through here: under the catalogue lock, the current products are read,
 * `edit` returns the new list (or refuses), and the result is published exactly as an uploaded
 * file is — written as the CSV, parsed by the import's own parser, kept as a catalogue version
 * (so restore undoes it) — and recorded with who and when.
 */
export async function editCatalog(
	db: Db,
	publishedBy: string,
	edit: (current: Product[], tx: Tx) => Promise<EditOutcome> | EditOutcome,
): Promise<EditResult> {
	return db.transaction(async (tx) => {
		const state = await lockCatalog(tx)
		const edited = await editedCsv(tx, edit)
		if (!edited.ok) return edited
		const { csv, change, id } = edited
		const parsed = parseCatalogCsv(csv)
		if (!parsed.ok) return { ok: false as const, status: 400 as const, error: parsed.error }
		const rejected = parsed.errors[0]
		if (rejected) return { ok: false as const, status: 400 as const, error: rejected.reason }
		const summary = `${change.action}: ${change.code} ${change.name}`.slice(0, 300)
		const version = await replaceCatalog(tx, state, {
			products: parsed.products,
			csv,
			contentHash: catalogHash(csv),
			publishedBy,
			summary,
		})
		await tx.insert(catalogChanges).values({ by: publishedBy, ...change })
		return { ok: true as const, version, id, change }
	})
}

/** The stored columns but the position (a product's place is its row in the file). */
const { position: _position, ...PRODUCT_COLUMNS } = getTableColumns(products)

/**
 * The edit applied, as the file it makes. Its own function so that only the file outlives it: at
 * 50,000 products the rows read, the edited list and the rows parsed back from the file would
 * otherwise all be alive at once beside the read model, over the heap's 192 MB (decision 0013).
 */
async function editedCsv(
	tx: Tx,
	edit: (current: Product[], tx: Tx) => Promise<EditOutcome> | EditOutcome,
): Promise<Refusal | { ok: true; csv: string; change: Change; id: string }> {
	const current = (await tx
		.select(PRODUCT_COLUMNS)
		.from(products)
		.orderBy(asc(products.position))) as Product[]
	const outcome = await edit(current, tx)
	if (!outcome.ok) return outcome
	return { ok: true, csv: catalogCsv(outcome.products), change: outcome.change, id: outcome.id }
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
