import { and, asc, eq, max, sql } from 'drizzle-orm'
import type { Db, Tx } from '~/.server/db/client'
import { portfolioProjects } from '~/.server/db/schema'
import type { ProjectForm } from '~/lib/portfolio/project-schema'
import { uniqueSlug } from '~/lib/portfolio/slug'

/**
 * The back office's writes to the portfolio (/admin/portfolio). Every save bumps the row's version
 * and names who made it; a save or a switch posted with an older version is refused, so two staff
 * editing one project never overwrite each other silently.
 */
export const CHANGED_ELSEWHERE =
	'This project was changed by someone else. Reload to see the latest.'

export type Refusal = { ok: false; status: 404 | 409 | 400; error: string }
const gone: Refusal = { ok: false, status: 404, error: 'There is no such project.' }
const stale: Refusal = { ok: false, status: 409, error: CHANGED_ELSEWHERE }

export async function allProjects(db: Db) {
	return db
		.select({
			slug: portfolioProjects.slug,
			name: portfolioProjects.name,
			location: portfolioProjects.location,
			published: portfolioProjects.published,
			featured: portfolioProjects.featured,
			featuredOrder: portfolioProjects.featuredOrder,
			photoCount: sql<number>`jsonb_array_length(${portfolioProjects.photos})`.mapWith(Number),
			version: portfolioProjects.version,
			updatedAt: portfolioProjects.updatedAt,
			updatedBy: portfolioProjects.updatedBy,
		})
		.from(portfolioProjects)
		.orderBy(asc(portfolioProjects.position), asc(portfolioProjects.createdAt))
}

export type PortfolioRow = typeof portfolioProjects.$inferSelect

export async function projectRow(db: Db, slug: string): Promise<PortfolioRow | undefined> {
	const [row] = await db.select().from(portfolioProjects).where(eq(portfolioProjects.slug, slug))
	return row
}

const fields = (form: ProjectForm) => ({
	name: form.name,
	summary: form.summary,
	story: form.story,
	location: form.location,
	pondVolume: form.pondVolume,
	features: form.features,
	testimonialText: form.testimonialText,
	testimonialName: form.testimonialName,
	testimonialRating: form.testimonialRating,
	photos: form.photos,
	thumbnail: form.thumbnail,
	published: form.published,
	featured: form.featured,
})

/** Featured projects go to the end of the home page's order when first featured. */
async function nextFeaturedOrder(tx: Tx) {
	const [row] = await tx
		.select({ last: max(portfolioProjects.featuredOrder) })
		.from(portfolioProjects)
		.where(eq(portfolioProjects.featured, true))
	return (row?.last ?? -1) + 1
}

/** A new project at the end of the portfolio, its address made from its name. */
export async function createProject(db: Db, by: string, form: ProjectForm) {
	return db.transaction(async (tx) => {
		// One creation at a time: two with the same name must not both pick the same address.
		await tx.execute(sql`select pg_advisory_xact_lock(3201)`)
		const existing = await tx
			.select({ slug: portfolioProjects.slug, position: portfolioProjects.position })
			.from(portfolioProjects)
		// 'new' is the editor's own address for a project not yet made.
		const slug = uniqueSlug(form.name, new Set(['new', ...existing.map((p) => p.slug)]))
		await tx.insert(portfolioProjects).values({
			slug,
			...fields(form),
			featuredOrder: form.featured ? await nextFeaturedOrder(tx) : 0,
			position: Math.max(-1, ...existing.map((p) => p.position)) + 1,
			updatedBy: by,
		})
		return { ok: true as const, slug }
	})
}

/** Saves the editor's form over the version it was loaded from. */
export async function updateProject(
	db: Db,
	by: string,
	slug: string,
	version: number,
	form: ProjectForm,
): Promise<{ ok: true } | Refusal> {
	return db.transaction(async (tx) => {
		const [current] = await tx
			.select({ version: portfolioProjects.version, featured: portfolioProjects.featured })
			.from(portfolioProjects)
			.where(eq(portfolioProjects.slug, slug))
			.for('update')
		if (!current) return gone
		if (current.version !== version) return stale
		await tx
			.update(portfolioProjects)
			.set({
				...fields(form),
				...(form.featured && !current.featured
					? { featuredOrder: await nextFeaturedOrder(tx) }
					: {}),
				version: version + 1,
				updatedAt: new Date(),
				updatedBy: by,
			})
			.where(and(eq(portfolioProjects.slug, slug), eq(portfolioProjects.version, version)))
		return { ok: true as const }
	})
}

/** The list's switches: publish or unpublish, feature on the home page or not. */
export async function setProjectFlag(
	db: Db,
	by: string,
	slug: string,
	version: number,
	flag: 'published' | 'featured',
	on: boolean,
): Promise<{ ok: true } | Refusal> {
	return db.transaction(async (tx) => {
		const [current] = await tx
			.select()
			.from(portfolioProjects)
			.where(eq(portfolioProjects.slug, slug))
			.for('update')
		if (!current) return gone
		if (current.version !== version) return stale
		if (flag === 'published' && on && current.photos.length === 0)
			return {
				ok: false as const,
				status: 400 as const,
				error: `${current.name} has no photos yet: add at least one before publishing it.`,
			}
		await tx
			.update(portfolioProjects)
			.set({
				[flag]: on,
				...(flag === 'featured' && on && !current.featured
					? { featuredOrder: await nextFeaturedOrder(tx) }
					: {}),
				version: version + 1,
				updatedAt: new Date(),
				updatedBy: by,
			})
			.where(eq(portfolioProjects.slug, slug))
		return { ok: true as const }
	})
}

/** Moves a featured project one place up or down the home page's order (the others close up). */
export async function moveFeatured(db: Db, slug: string, direction: -1 | 1) {
	return db.transaction(async (tx) => {
		await tx.execute(sql`select pg_advisory_xact_lock(3202)`)
		const featured = await tx
			.select({ slug: portfolioProjects.slug })
			.from(portfolioProjects)
			.where(eq(portfolioProjects.featured, true))
			.orderBy(asc(portfolioProjects.featuredOrder), asc(portfolioProjects.position))
		const order = featured.map((p) => p.slug)
		const from = order.indexOf(slug)
		const to = from + direction
		if (from < 0 || to < 0 || to >= order.length) return false
		;[order[from], order[to]] = [order[to]!, order[from]!]
		for (const [index, each] of order.entries())
			await tx
				.update(portfolioProjects)
				.set({ featuredOrder: index })
				.where(eq(portfolioProjects.slug, each))
		return true
	})
}

/** A new shop's demo projects (seed.ts writes them once, with its marker). */
export async function addDemoProjects(tx: Tx, rows: Array<typeof portfolioProjects.$inferInsert>) {
	await tx.insert(portfolioProjects).values(rows)
}
