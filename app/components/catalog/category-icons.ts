import {
	Droplets,
	Filter,
	LayoutGrid,
	type LucideIcon,
	ShowerHead,
	Tag,
	Wind,
	Wrench,
} from 'lucide-react'

/** A category's icon follows its tile picture; a category with another picture (or none) gets a tag. */
const ICON_OF_TILE: Record<string, LucideIcon> = {
	'tile-filters': Filter,
	'tile-fittings': Wrench,
	'tile-pumps': Droplets,
	'tile-air-pumps': Wind,
	'tile-skimmers': ShowerHead,
	'tile-all': LayoutGrid,
}

export const ALL_PRODUCTS_ICON = LayoutGrid

export function categoryIcon(tileImage: string): LucideIcon {
	return ICON_OF_TILE[tileImage] ?? Tag
}
