import { type ShopCategory, TILE_PICTURES } from '~/lib/categories'
import { SITE_IMAGES, type SiteImageName } from '~/lib/images'

/** The home page's 'Pond Equipment & Supplies' tiles (spec section 2, Home item 4). */
export type CategoryTile = {
	id: string
	title: string
	image?: SiteImageName
	/** The tile picture's name, which also picks the icon (category-icons.ts). */
	tileImage: string
	link: string
}

const isTilePicture = (name: string): name is SiteImageName =>
	name in SITE_IMAGES && TILE_PICTURES.some(([picture]) => picture === name)

/**
 * One tile per category customers see, in the owner's order (Products → Categories), and the
 * 'Browse All Products' tile last.
 */
export function categoryTiles(
	categories: Pick<ShopCategory, 'slug' | 'name' | 'tileTitle' | 'tileImage'>[],
): CategoryTile[] {
	return [
		...categories.map((c) => ({
			id: c.slug,
			title: c.tileTitle || c.name,
			...(isTilePicture(c.tileImage) ? { image: c.tileImage } : {}),
			tileImage: c.tileImage,
			link: `/pond-products/${c.slug}`,
		})),
		{
			id: 'all',
			title: 'Browse All Products',
			image: 'tile-all',
			tileImage: 'tile-all',
			link: '/pond-products',
		},
	]
}
