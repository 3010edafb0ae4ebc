import { asc } from 'drizzle-orm'
import type { Db, Tx } from '~/.server/db/client'
import { categories, categoryRedirects } from '~/.server/db/schema'
import type { ShopCategory } from '~/lib/categories'

/**
 * The shop's categories as the catalogue reads them (the writes are in categories.ts): in order,
 * hidden ones included, with the old slugs a rename left behind (each to the category's current
 * slug, however many renames ago).
 */
export type CategoryData = { categories: ShopCategory[]; redirects: Map<string, string> }

export async function readCategoryData(db: Db | Tx): Promise<CategoryData> {
	const [rows, renamed] = await Promise.all([
		db
			.select({
				id: categories.id,
				slug: categories.slug,
				name: categories.name,
				description: categories.description,
				tileTitle: categories.tileTitle,
				tileImage: categories.tileImage,
				position: categories.position,
				hidden: categories.hidden,
			})
			.from(categories)
			.orderBy(asc(categories.position), asc(categories.id)),
		db.select().from(categoryRedirects),
	])
	const slugOf = new Map(rows.map((c) => [c.id, c.slug]))
	const redirects = new Map<string, string>()
	for (const { oldSlug, categoryId } of renamed) {
		const slug = slugOf.get(categoryId)
		if (slug) redirects.set(oldSlug, slug)
	}
	return { categories: rows, redirects }
}

/**
 * A catalogue file's category cell as the shop knows it: a current slug as it is, an old one
 * (before a rename) as the category's slug now, anything else an error naming those that exist.
 */
export function categoryChecker({ categories: known, redirects }: CategoryData) {
	const slugs = new Set(known.map((c) => c.slug))
	const list = known.map((c) => c.slug).join(', ')
	return (slug: string): { ok: true; slug: string } | { ok: false; message: string } => {
		if (slugs.has(slug)) return { ok: true, slug }
		const renamed = redirects.get(slug)
		if (renamed) return { ok: true, slug: renamed }
		return {
			ok: false,
			message: `category "${slug}" is not one of the shop's categories (${list || 'none yet'}); add it under Products → Categories first`,
		}
	}
}
export type CategoryChecker = ReturnType<typeof categoryChecker>
