import { LayoutGrid } from 'lucide-react'
import { Link } from 'react-router'
import type { ShopCategory } from '~/lib/categories'
import { cn } from '~/lib/cn'
import { categoryIcon } from './category-icons'

export type StripCategory = Pick<ShopCategory, 'slug' | 'name' | 'tileImage'>

/** What the strip needs of each category (a loader sends only this). */
export const stripOf = (categories: ShopCategory[]): StripCategory[] =>
	categories.map(({ slug, name, tileImage }) => ({ slug, name, tileImage }))

/**
 * The shop's categories (the owner's, in order) as links with icons; the active category links
 * back to all products (deselects it).
 */
export function CategoryStrip({
	categories,
	active,
	search,
}: {
	categories: StripCategory[]
	active?: string
	search: string
}) {
	const query = search ? `?search=${encodeURIComponent(search)}` : ''
	const items = [
		{ id: 'all', label: 'All Products', Icon: LayoutGrid },
		...categories.map((c) => ({ id: c.slug, label: c.name, Icon: categoryIcon(c.tileImage) })),
	]
	return (
		<nav aria-label="Product categories" className="-mx-4 overflow-x-auto px-4">
			<ul className="flex min-w-max gap-2 pb-2">
				{items.map((item) => {
					const isActive = item.id === 'all' ? !active : item.id === active
					const to =
						item.id === 'all' || isActive
							? `/pond-products${query}`
							: `/pond-products/${item.id}${query}`
					const { Icon } = item
					return (
						<li key={item.id}>
							<Link
								to={to}
								aria-current={isActive ? 'page' : undefined}
								title={
									isActive && item.id !== 'all'
										? `Show all products instead of ${item.label}`
										: undefined
								}
								className={cn(
									'flex items-center gap-2 rounded-full border px-4 py-2 text-sm font-semibold transition-colors',
									isActive
										? 'border-pond-800 bg-pond-800 text-white'
										: 'border-slate-300 bg-white text-pond-900 hover:border-pond-600 hover:bg-pond-50',
								)}
							>
								<Icon aria-hidden="true" className="size-4" />
								{item.label}
							</Link>
						</li>
					)
				})}
			</ul>
		</nav>
	)
}
