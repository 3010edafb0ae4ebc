import { Link } from 'react-router'
import { CATEGORIES, type Category, categoryLabel } from '~/lib/categories'
import { cn } from '~/lib/cn'
import { CATEGORY_ICON } from './category-icons'

/** Category links with icons; the active category links back to all products (deselects it). */
export function CategoryStrip({ active, search }: { active?: Category; search: string }) {
	const query = search ? `?search=${encodeURIComponent(search)}` : ''
	const items = [
		{ id: 'all' as const, label: 'All Products' },
		...CATEGORIES.map((c) => ({ id: c, label: categoryLabel(c) })),
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
					const Icon = CATEGORY_ICON[item.id]
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
