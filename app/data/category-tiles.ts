import type { SiteImageName } from '~/lib/images'

export type CategoryTileIcon = 'filter' | 'fitting' | 'pump' | 'air' | 'skimmer' | 'all'

/** The home page's six 'Pond Equipment & Supplies' tiles (spec section 2, Home item 4). */
export type CategoryTile = {
	id: string
	title: string
	image?: SiteImageName
	category: string
	link: string
	icon?: CategoryTileIcon
}

export const CATEGORY_TILES: readonly CategoryTile[] = [
	{
		id: 'filters',
		title: 'Filters',
		image: 'tile-filters',
		category: 'filters',
		link: '/pond-products/filters',
		icon: 'filter',
	},
	{
		id: 'fittings',
		title: 'Pipe Fittings',
		image: 'tile-fittings',
		category: 'fittings',
		link: '/pond-products/fittings',
		icon: 'fitting',
	},
	{
		id: 'pumps',
		title: 'Water Pumps',
		image: 'tile-pumps',
		category: 'pumps',
		link: '/pond-products/pumps',
		icon: 'pump',
	},
	{
		id: 'air_pumps',
		title: 'Air Pumps',
		image: 'tile-air-pumps',
		category: 'air_pumps',
		link: '/pond-products/air_pumps',
		icon: 'air',
	},
	{
		id: 'skimmers',
		title: 'Showers & Skimmers',
		image: 'tile-skimmers',
		category: 'skimmers',
		link: '/pond-products/skimmers',
		icon: 'skimmer',
	},
	{
		id: 'all',
		title: 'Browse All Products',
		image: 'tile-all',
		category: 'all',
		link: '/pond-products',
		icon: 'all',
	},
]
