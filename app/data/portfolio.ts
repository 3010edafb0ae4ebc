import type { GALLERY_FORMATS } from '../lib/portfolio/photo-sizes'

/**
 * The six demo portfolio projects: the rows a new shop is seeded with (app/.server/portfolio/demo.ts)
 * and the image generator's list. Images are generated (scripts/images) into /images/portfolio/{id}/.
 */
export type PortfolioProject = {
	id: string
	name: string
	/** One or two sentences for cards and meta descriptions. */
	description: string
	location: string
	/** Number of gallery photographs (the thumbnail is extra). */
	imageCount: number
	featured: boolean
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
	},
	{
		id: 'pond2',
		name: 'Modern Koi Pond',
		description:
			'A rendered block-built koi pond with a glass viewing panel, bottom drains and a gravity-fed drum filter.',
		location: 'Aberdeen',
		imageCount: 15,
		featured: true,
	},
	{
		id: 'pond3',
		name: 'Raised Stone Koi Pond',
		description:
			'A 12,000-litre natural-stone koi pond with a waterfall, planted margins and a hidden filter house.',
		location: 'Perth',
		imageCount: 43,
		featured: true,
	},
	{
		id: 'pond4',
		name: 'Wildlife Garden Pond',
		description:
			'A shallow-shelved liner pond planted for frogs, newts and dragonflies, edged with local stone.',
		location: 'Dingwall',
		imageCount: 13,
		featured: false,
	},
	{
		id: 'pond5',
		name: 'Formal Courtyard Pond',
		description:
			'A formal rectangular pond with a sheet-water feature for a walled courtyard garden.',
		location: 'Edinburgh',
		imageCount: 5,
		featured: false,
	},
	{
		id: 'pond6',
		name: 'Patio Water Feature',
		description:
			'A compact preformed pond and bubbling urn, fitted into an existing patio in two days.',
		location: 'Elgin',
		imageCount: 4,
		featured: false,
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

export {
	AVIF_WIDTHS,
	GALLERY_FORMATS,
	GALLERY_SIZE,
	GALLERY_WIDTHS,
} from '../lib/portfolio/photo-sizes'

/** /images/portfolio/pond3/07-960.webp — photo numbers start at 1. */
export function galleryImageUrl(
	id: string,
	photo: number,
	width: number,
	format: (typeof GALLERY_FORMATS)[number],
) {
	return `/images/portfolio/${id}/${String(photo).padStart(2, '0')}-${width}.${format}`
}

const SHOTS = [
	'the finished pond from the garden',
	'the koi feeding at the surface',
	'the filtration and pipework',
	'the edging and coping detail',
	'the planting around the margins',
	'the water flow from the return',
	'the pond during construction',
	'a view across the water',
] as const

/** Alt text for a gallery photo, varied by shot so screen-reader users hear more than a number. */
export function galleryAlt(project: PortfolioProject, photo: number) {
	return `${project.name}, ${photo} of ${project.imageCount}: ${SHOTS[(photo - 1) % SHOTS.length]}`
}
