import type { portfolioProjects, testimonials } from '~/.server/db/schema'
import { galleryAlt, PORTFOLIO_PROJECTS } from '~/data/portfolio'
import { PROJECT_STORIES } from '~/data/portfolio-stories'
import { HOME_TESTIMONIALS } from '~/data/testimonials'

/**
 * The demo portfolio and testimonials as rows: what a new shop starts with (seed.ts writes them
 * once). The owner replaces them at /admin/portfolio and /admin/testimonials.
 */
const DETAILS: Record<string, { pondVolume: number | null; features: string[] }> = {
	pond1: {
		pondVolume: 6000,
		features: [
			'Raised reclaimed-brick walls',
			'Bottom drain',
			'Gravity-fed box filter',
			'UV clarifier',
		],
	},
	pond2: {
		pondVolume: 9000,
		features: [
			'Glass viewing panel',
			'Two bottom drains and a skimmer',
			'Drum filter',
			'Moving-bed chamber',
		],
	},
	pond3: {
		pondVolume: 12000,
		features: [
			'Natural-stone walls',
			'Waterfall',
			'Planted margins',
			'Hidden filter house',
			'Air domes',
		],
	},
	pond4: {
		pondVolume: null,
		features: [
			'Shallow planting shelves',
			'Pebble beach',
			'No pump or filter',
			'Local stone edging',
		],
	},
	pond5: {
		pondVolume: 2100,
		features: ['Stainless steel water blade', 'Slate coping', 'Pressure filter with UV'],
	},
	pond6: {
		pondVolume: 900,
		features: ['Preformed pond', 'Bubbling ceramic urn', 'Built in two days'],
	},
}

const photoPath = (id: string, photo: number) =>
	`/images/portfolio/${id}/${String(photo).padStart(2, '0')}-1280.jpg`

export function demoProjects(): Array<typeof portfolioProjects.$inferInsert> {
	return PORTFOLIO_PROJECTS.map((project, index) => {
		const story = PROJECT_STORIES[project.id]
		const featuredOrder = PORTFOLIO_PROJECTS.filter((p) => p.featured).indexOf(project)
		return {
			slug: project.id,
			name: project.name,
			summary: project.description,
			story: (story?.process ?? []).join('\n\n'),
			location: project.location,
			...(DETAILS[project.id] ?? { pondVolume: null, features: [] }),
			testimonialText: story?.testimonial?.content ?? '',
			testimonialName: story?.testimonial?.author ?? '',
			testimonialRating: Math.round((story?.testimonial?.rating ?? 5) * 2),
			photos: Array.from({ length: project.imageCount }, (_, i) => ({
				src: photoPath(project.id, i + 1),
				alt: galleryAlt(project, i + 1),
			})),
			thumbnail: 0,
			published: true,
			featured: project.featured,
			featuredOrder: Math.max(featuredOrder, 0),
			position: index,
			updatedBy: 'demo content',
		}
	})
}

export function demoTestimonials(): Array<typeof testimonials.$inferInsert> {
	return HOME_TESTIMONIALS.map((t, index) => {
		const [name, ...place] = t.author.split(', ')
		return {
			text: t.content,
			name: name ?? t.author,
			place: place.join(', '),
			rating: Math.round(t.rating * 2),
			position: index,
			avatar: t.avatar,
			updatedBy: 'demo content',
		}
	})
}
