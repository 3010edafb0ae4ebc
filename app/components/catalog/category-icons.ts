import { Droplets, Filter, type LucideIcon, ShowerHead, Waves, Wind, Wrench } from 'lucide-react'

/**
 * A category's icon follows its tile picture; a category with another picture (or none) gets the
 * shop's waves. Only these six icons: the home page's tiles load this file (130 KB script budget).
 */
const ICON_OF_TILE: Record<string, LucideIcon> = {
	'tile-filters': Filter,
	'tile-fittings': Wrench,
	'tile-pumps': Droplets,
	'tile-air-pumps': Wind,
	'tile-skimmers': ShowerHead,
}

export function categoryIcon(tileImage: string): LucideIcon {
	return ICON_OF_TILE[tileImage] ?? Waves
}
