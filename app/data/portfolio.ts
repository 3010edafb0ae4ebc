/**
 * The six portfolio projects: the single source for the home preview, the portfolio cards, the
 * galleries and the sitemap. Images are generated (scripts/images) into /images/portfolio/{id}/.
 */
export type PortfolioTestimonial = { content: string; author: string; rating: number }

export type PortfolioProject = {
	id: string
	name: string
	/** One or two sentences for cards and meta descriptions. */
	description: string
	location: string
	/** Number of gallery photographs (the thumbnail is extra). */
	imageCount: number
	featured: boolean
	/** Construction process, one paragraph per entry. */
	process: readonly string[]
	testimonial?: PortfolioTestimonial
}

export const PORTFOLIO_PROJECTS: readonly PortfolioProject[] = [
	{
		id: 'pond1',
		name: 'Raised Brick Pond',
		description:
			'A 6,000-litre raised koi pond in reclaimed red brick with a seating-height coping, built on a tight town-garden patio.',
		location: 'Inverness',
		imageCount: 30,
		featured: true,
		process: [],
	},
	{
		id: 'pond2',
		name: 'Modern Koi Pond',
		description:
			'A rendered block-built koi pond with a glass viewing panel, bottom drains and a gravity-fed drum filter.',
		location: 'Aberdeen',
		imageCount: 15,
		featured: true,
		process: [],
	},
	{
		id: 'pond3',
		name: 'Raised Stone Koi Pond',
		description:
			'A 12,000-litre natural-stone koi pond with a waterfall, planted margins and a hidden filter house.',
		location: 'Perth',
		imageCount: 43,
		featured: true,
		process: [],
	},
	{
		id: 'pond4',
		name: 'Wildlife Garden Pond',
		description:
			'A shallow-shelved liner pond planted for frogs, newts and dragonflies, edged with local stone.',
		location: 'Dingwall',
		imageCount: 13,
		featured: false,
		process: [],
	},
	{
		id: 'pond5',
		name: 'Formal Courtyard Pond',
		description:
			'A formal rectangular pond with a sheet-water feature for a walled courtyard garden.',
		location: 'Edinburgh',
		imageCount: 5,
		featured: false,
		process: [],
	},
	{
		id: 'pond6',
		name: 'Patio Water Feature',
		description:
			'A compact preformed pond and bubbling urn, fitted into an existing patio in two days.',
		location: 'Elgin',
		imageCount: 4,
		featured: false,
		process: [],
	},
]

export function findProject(id: string) {
	return PORTFOLIO_PROJECTS.find((project) => project.id === id)
}

export const FEATURED_PROJECTS = PORTFOLIO_PROJECTS.filter((project) => project.featured).slice(
	0,
	3,
)

export function projectThumbnailUrl(id: string) {
	return `/images/portfolio/${id}/thumbnail.jpeg`
}
