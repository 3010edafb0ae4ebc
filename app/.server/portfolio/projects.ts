import { and, asc, eq } from 'drizzle-orm'
import type { Db } from '~/.server/db/client'
import { portfolioProjects } from '~/.server/db/schema'
import {
	FEATURED_ON_HOME,
	generatedPhoto,
	type ProjectCardData,
	type PublicProject,
	starsOf,
	thumbnailUrlFor,
} from '~/lib/portfolio/project'
import { authorOf } from '~/lib/portfolio/testimonial-schema'
import { photoColours } from './photo-colours'

/** What the public pages read: published projects only (a draft answers 404). */
type Row = typeof portfolioProjects.$inferSelect

const cardOf = (
	row: Pick<Row, 'slug' | 'name' | 'location' | 'summary' | 'photos' | 'thumbnail'>,
): ProjectCardData => ({
	slug: row.slug,
	name: row.name,
	location: row.location,
	summary: row.summary,
	thumbnailUrl: thumbnailUrlFor(row.photos[row.thumbnail] ?? row.photos[0]),
	photoCount: row.photos.length,
})

const cardColumns = {
	slug: portfolioProjects.slug,
	name: portfolioProjects.name,
	location: portfolioProjects.location,
	summary: portfolioProjects.summary,
	photos: portfolioProjects.photos,
	thumbnail: portfolioProjects.thumbnail,
}

/** /portfolio's cards, in the portfolio's order. */
export async function publishedProjects(db: Db): Promise<ProjectCardData[]> {
	const rows = await db
		.select(cardColumns)
		.from(portfolioProjects)
		.where(eq(portfolioProjects.published, true))
		.orderBy(asc(portfolioProjects.position), asc(portfolioProjects.createdAt))
	return rows.map(cardOf)
}

/** The home page's Featured Projects: published, featured, in the order set in the admin. */
export async function featuredProjects(db: Db): Promise<ProjectCardData[]> {
	const rows = await db
		.select(cardColumns)
		.from(portfolioProjects)
		.where(and(eq(portfolioProjects.published, true), eq(portfolioProjects.featured, true)))
		.orderBy(asc(portfolioProjects.featuredOrder), asc(portfolioProjects.position))
		.limit(FEATURED_ON_HOME)
	return rows.map(cardOf)
}

/** For the sitemap. */
export async function publishedSlugs(db: Db) {
	return db
		.select({ slug: portfolioProjects.slug, updatedAt: portfolioProjects.updatedAt })
		.from(portfolioProjects)
		.where(eq(portfolioProjects.published, true))
		.orderBy(asc(portfolioProjects.position))
}

/** A project's page; undefined for an unknown slug or a draft. */
export async function publishedProject(db: Db, slug: string): Promise<PublicProject | undefined> {
	const [row] = await db
		.select()
		.from(portfolioProjects)
		.where(and(eq(portfolioProjects.slug, slug), eq(portfolioProjects.published, true)))
	return row ? publicProject(row) : undefined
}

export function publicProject(row: Row): PublicProject {
	return {
		slug: row.slug,
		name: row.name,
		summary: row.summary,
		location: row.location,
		story: row.story
			.split(/\n\s*\n/)
			.map((p) => p.trim())
			.filter(Boolean),
		pondVolume: row.pondVolume,
		features: row.features,
		testimonial: row.testimonialText
			? {
					text: row.testimonialText,
					author: authorOf({ name: row.testimonialName, place: '' }),
					rating: starsOf(row.testimonialRating),
				}
			: null,
		photos: row.photos.map((photo) => ({ ...photo, colour: colourOf(photo.src) })),
		thumbnailUrl: cardOf(row).thumbnailUrl,
	}
}

/** A generated photo's dominant colour (from the generator's manifest), shown while it loads. */
function colourOf(src: string) {
	const generated = generatedPhoto(src)
	return generated ? photoColours(generated.project)[generated.number - 1] : undefined
}
