import {
	Droplets,
	Filter,
	LayoutGrid,
	type LucideIcon,
	ShowerHead,
	Wind,
	Wrench,
} from 'lucide-react'
import type { Category } from '~/lib/categories'

export const CATEGORY_ICON: Record<Category | 'all', LucideIcon> = {
	filters: Filter,
	fittings: Wrench,
	pumps: Droplets,
	air_pumps: Wind,
	skimmers: ShowerHead,
	all: LayoutGrid,
}
