import type { SiteImageName } from '~/lib/images'

/**
 * What the photo worker draws for a demo image (scripts/images/draw.ts does the drawing): a site
 * picture by name, a portfolio project's gallery photo by number, or a product's picture from its
 * catalogue row. The same drawing always gives the same pixels.
 */
export type Drawing =
	| { family: 'site'; name: SiteImageName }
	| { family: 'portfolio'; project: string; photo: number }
	| { family: 'products'; name: string; vendor: string; category: string }
