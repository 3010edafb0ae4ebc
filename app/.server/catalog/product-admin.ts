import { desc, eq } from 'drizzle-orm'
import type { Db } from '~/.server/db/client'
import { catalogChanges, products } from '~/.server/db/schema'
import type { Product } from '~/lib/catalog/product'
import type { ProductFields } from '~/lib/catalog/product-schema'
import {
	CHANGED_ELSEWHERE,
	describeChanges,
	type EditOutcome,
	editCatalog,
	everOrdered,
	type LiveCatalogue,
	productFingerprint,
	type Refusal,
} from './edit'

const conflict: Refusal = { ok: false, status: 409, error: CHANGED_ELSEWHERE }

/** The product the admin saw, or a conflict when it changed (or moved) since. */
function find(current: Product[], id: string, fingerprint: string) {
	const index = current.findIndex((p) => p.id === id)
	const product = current[index]
	return product && productFingerprint(product) === fingerprint ? { index, product } : undefined
}

const strip = ({ id: _id, ...fields }: Product): ProductFields => fields

function codeTaken(current: Product[], code: string, exceptIndex: number): Refusal | undefined {
	const other = current.find((p, i) => p.code === code && i !== exceptIndex)
	if (!other) return undefined
	const message = `Product code ${code} is already used by “${other.name}”: each product needs its own`
	return { ok: false, status: 400, error: message, fieldErrors: { code: message } }
}

/** Creates a product (at the end of the catalogue) or saves an edit to one. */
export function saveProduct(
	db: Db,
	by: string,
	input: { id?: string; fingerprint?: string; fields: ProductFields },
	live?: LiveCatalogue,
) {
	return editCatalog(
		db,
		by,
		(current): EditOutcome => {
			const { fields } = input
			if (input.id === undefined) {
				const taken = codeTaken(current, fields.code, -1)
				if (taken) return taken
				return {
					ok: true,
					products: [...current, fields],
					id: String(current.length),
					change: { action: 'created', code: fields.code, name: fields.name, detail: '' },
				}
			}
			const found = find(current, input.id, input.fingerprint ?? '')
			if (!found) return conflict
			const taken = codeTaken(current, fields.code, found.index)
			if (taken) return taken
			const next: ProductFields[] = [...current]
			next[found.index] = fields
			const detail = describeChanges(found.product, fields)
			return {
				ok: true,
				products: next,
				id: input.id,
				change: { action: 'edited', code: fields.code, name: fields.name, detail },
			}
		},
		live,
	)
}

/**
 * True when an editor's save would change nothing: the fields are the ones the admin loaded
 * (their fingerprint) and the stored product is still those. Such a save records nothing: no
 * catalogue version, no history entry.
 */
export async function unchangedProduct(
	db: Db,
	input: { id: string; fingerprint: string; fields: ProductFields },
) {
	if (productFingerprint(input.fields) !== input.fingerprint) return false
	const stored = await storedProduct(db, input.id)
	return stored !== undefined && productFingerprint(stored) === input.fingerprint
}

/** A free code for a copy: CODE-COPY, CODE-COPY2, … */
function copyCode(current: Product[], code: string) {
	const codes = new Set(current.map((p) => p.code))
	for (let n = 1; ; n++) {
		const candidate = `${code.slice(0, 90)}-COPY${n === 1 ? '' : n}`
		if (!codes.has(candidate)) return candidate
	}
}

export type ListIntent = 'hide' | 'show' | 'duplicate' | 'delete'

/** The list's one-click changes, each checked against what the admin saw. */
export function changeProduct(
	db: Db,
	by: string,
	{ intent, id, fingerprint }: { intent: ListIntent; id: string; fingerprint: string },
	live?: LiveCatalogue,
) {
	return editCatalog(
		db,
		by,
		async (current, tx): Promise<EditOutcome> => {
			const found = find(current, id, fingerprint)
			if (!found) return conflict
			const { product, index } = found
			// The others as they are: the file is written from their fields (an id is not one).
			const next: ProductFields[] = [...current]
			const change = { action: '', code: product.code, name: product.name, detail: '' }
			if (intent === 'hide' || intent === 'show') {
				next[index] = { ...strip(product), hidden: intent === 'hide' }
				change.action = intent === 'hide' ? 'hidden' : 'shown'
				return { ok: true, products: next, id, change }
			}
			if (intent === 'duplicate') {
				// A copy starts hidden: nothing half-finished reaches shoppers before it is edited.
				const code = copyCode(current, product.code)
				const name = `${product.name} (copy)`.slice(0, 300)
				next.push({ ...strip(product), code, name, hidden: true })
				change.action = 'duplicated'
				change.detail = `as ${code}`
				return { ok: true, products: next, id: String(current.length), change }
			}
			if (await everOrdered(tx, product.code)) {
				return {
					ok: false,
					status: 409,
					offerHide: true,
					error: `${product.name} (${product.code}) has been ordered, so it cannot be deleted: past orders show it. Hide it instead to take it off the shop.`,
				}
			}
			next.splice(index, 1)
			change.action = 'deleted'
			return { ok: true, products: next, id, change }
		},
		live,
	)
}

/** The latest changes, newest first (all products, or one product's code). */
export async function recentChanges(
	db: Db,
	{ code, limit = 20 }: { code?: string; limit?: number } = {},
) {
	const query = db.select().from(catalogChanges)
	return (code === undefined ? query : query.where(eq(catalogChanges.code, code)))
		.orderBy(desc(catalogChanges.id))
		.limit(limit)
}

/** One product as stored now (hidden or not): the editor reads it fresh, not from the read model. */
export async function storedProduct(db: Db, id: string): Promise<Product | undefined> {
	const [row] = await db.select().from(products).where(eq(products.id, id))
	if (!row) return undefined
	const { position: _position, ...product } = row
	return product as Product
}
