import { and, count, eq, max, ne, sql } from 'drizzle-orm'
import type { Db, Tx } from '~/.server/db/client'
import { categories, categoryRedirects, products } from '~/.server/db/schema'
import type { CategoryForm } from '~/lib/categories'
import type { FieldErrors } from '~/lib/forms'
import { type EditResult, editCatalog, type LiveCatalogue } from './edit'
import { lockCatalog, recordCatalogChange, touchCatalog } from './import'

/**
 * The one writer of the categories and their old slugs (issue 62 item 3). Every change holds the
 * catalogue lock and publishes a catalogue version, so each instance's read model, and with it
 * the page cache, shows it on the next request as a product edit does. A slug's rename rewrites
 * its products' category through the editor's path (editCatalog) and keeps the old slug as a
 * redirect; a chain of renames points every old slug at the category itself, not at a slug.
 */

export type CategoryOutcome =
	| { ok: true; id: number }
	| { ok: false; status: 400 | 404 | 409; error: string; fieldErrors?: FieldErrors }

const refusal = (field: 'name' | 'slug', error: string): CategoryOutcome => ({
	ok: false,
	status: 400,
	error,
	fieldErrors: { [field]: error },
})
const NOT_FOUND: CategoryOutcome = {
	ok: false,
	status: 404,
	error: 'That category no longer exists. Reload the list.',
}

/** How many products (hidden ones too) are in the category with this slug. */
export async function productsUsing(db: Db | Tx, slug: string) {
	const [row] = await db.select({ n: count() }).from(products).where(eq(products.category, slug))
	return row?.n ?? 0
}

/** A name or slug another category has: the owner's words for it, or undefined. */
async function clash(tx: Tx, form: CategoryForm, exceptId: number) {
	const others = await tx
		.select({ slug: categories.slug, name: categories.name })
		.from(categories)
		.where(
			and(
				ne(categories.id, exceptId),
				sql`(lower(${categories.name}) = lower(${form.name}) or ${categories.slug} = ${form.slug})`,
			),
		)
	const sameName = others.find((c) => c.name.toLowerCase() === form.name.toLowerCase())
	if (sameName) return refusal('name', `Another category is already called “${sameName.name}”`)
	if (others.length > 0)
		return refusal('slug', `Another category already uses the address ${form.slug}`)
	return undefined
}

const values = (form: CategoryForm) => ({
	name: form.name,
	slug: form.slug,
	description: form.description,
	tileTitle: form.tileTitle,
	tileImage: form.tileImage,
})

/** A slug now in use is nobody's old address any more (its redirect would hide the category). */
const freeSlug = (tx: Tx, slug: string) =>
	tx.delete(categoryRedirects).where(eq(categoryRedirects.oldSlug, slug))

/** Adds a category at the end of the list. */
export async function createCategory(db: Db, by: string, form: CategoryForm) {
	return db.transaction(async (tx): Promise<CategoryOutcome> => {
		const state = await lockCatalog(tx)
		const taken = await clash(tx, form, 0)
		if (taken) return taken
		const [last] = await tx.select({ position: max(categories.position) }).from(categories)
		await freeSlug(tx, form.slug)
		const [row] = await tx
			.insert(categories)
			.values({ ...values(form), position: (last?.position ?? 0) + 1 })
			.returning({ id: categories.id })
		await recordCatalogChange(tx, {
			by,
			action: 'category added',
			name: form.name,
			detail: form.slug,
		})
		await touchCatalog(tx, state)
		return { ok: true, id: row!.id }
	})
}

/**
 * Saves a category's name, slug, description and tile. A new slug moves its products with it (a
 * catalogue edit, so restore can undo it) and leaves the old one answering with a redirect.
 */
export async function updateCategory(
	db: Db,
	by: string,
	id: number,
	form: CategoryForm,
	live?: LiveCatalogue,
): Promise<CategoryOutcome> {
	const [before] = await db.select().from(categories).where(eq(categories.id, id))
	if (!before) return NOT_FOUND
	if (before.slug === form.slug) {
		return db.transaction(async (tx): Promise<CategoryOutcome> => {
			const state = await lockCatalog(tx)
			const taken = await clash(tx, form, id)
			if (taken) return taken
			const [row] = await tx
				.update(categories)
				.set(values(form))
				.where(and(eq(categories.id, id), eq(categories.slug, form.slug)))
				.returning({ id: categories.id })
			if (!row)
				return {
					ok: false,
					status: 409,
					error: 'This category was changed by someone else. Reload to see it.',
				}
			await recordCatalogChange(tx, {
				by,
				action: 'category edited',
				name: form.name,
				detail: form.slug,
			})
			await touchCatalog(tx, state)
			return { ok: true, id }
		})
	}
	let refused: CategoryOutcome | undefined
	const result: EditResult = await editCatalog(
		db,
		by,
		async (current, tx) => {
			const taken = await clash(tx, form, id)
			const [now] = await tx.select().from(categories).where(eq(categories.id, id))
			refused = taken ?? (now ? undefined : NOT_FOUND)
			if (refused || !now) return { ok: false, status: 400, error: '' }
			await tx.update(categories).set(values(form)).where(eq(categories.id, id))
			await freeSlug(tx, form.slug)
			await tx
				.insert(categoryRedirects)
				.values({ oldSlug: now.slug, categoryId: id })
				.onConflictDoUpdate({ target: categoryRedirects.oldSlug, set: { categoryId: id } })
			const moved = current.map((p) =>
				p.category === now.slug ? { ...p, category: form.slug } : p,
			)
			const count = current.filter((p) => p.category === now.slug).length
			return {
				ok: true,
				products: moved,
				id: '',
				change: {
					action: 'category renamed',
					code: '',
					name: form.name,
					detail: `address ${now.slug} → ${form.slug}; ${count} ${count === 1 ? 'product' : 'products'} moved`,
				},
			}
		},
		live,
	)
	if (refused) return refused
	if (!result.ok) return { ok: false, status: result.status, error: result.error }
	return { ok: true, id }
}

type ListChange = 'up' | 'down' | 'hide' | 'show' | 'delete'

/** Moves, hides, shows or deletes a category; a category with products is not deleted. */
export async function changeCategory(db: Db, by: string, id: number, intent: ListChange) {
	return db.transaction(async (tx): Promise<CategoryOutcome> => {
		const state = await lockCatalog(tx)
		const list = await tx
			.select({
				id: categories.id,
				slug: categories.slug,
				name: categories.name,
				position: categories.position,
			})
			.from(categories)
			.orderBy(categories.position, categories.id)
		const at = list.findIndex((c) => c.id === id)
		const category = list[at]
		if (!category) return NOT_FOUND
		if (intent === 'delete') {
			const used = await productsUsing(tx, category.slug)
			if (used > 0)
				return {
					ok: false,
					status: 409,
					error: `“${category.name}” still has ${used} ${used === 1 ? 'product' : 'products'}: move ${used === 1 ? 'it' : 'them'} to another category first, or hide the category instead.`,
				}
			await tx.delete(categories).where(eq(categories.id, id))
		} else if (intent === 'hide' || intent === 'show') {
			await tx
				.update(categories)
				.set({ hidden: intent === 'hide' })
				.where(eq(categories.id, id))
		} else {
			const other = list[intent === 'up' ? at - 1 : at + 1]
			if (!other) return { ok: true, id }
			// Positions renumbered 1…n as they are swapped, so equal or gapped ones never stick.
			const order = list.map((c) => c.id)
			order[at] = other.id
			order[intent === 'up' ? at - 1 : at + 1] = id
			for (const [i, cid] of order.entries())
				await tx
					.update(categories)
					.set({ position: i + 1 })
					.where(eq(categories.id, cid))
		}
		const action = {
			up: 'moved up',
			down: 'moved down',
			hide: 'hidden',
			show: 'shown',
			delete: 'deleted',
		}
		await recordCatalogChange(tx, {
			by,
			action: `category ${action[intent]}`,
			name: category.name,
			detail: category.slug,
		})
		await touchCatalog(tx, state)
		return { ok: true, id }
	})
}
