import { ChevronLeft, ChevronRight } from 'lucide-react'
import { Link } from 'react-router'
import { pageItems } from '~/lib/catalog/pagination'
import { cn } from '~/lib/cn'

/** Real links (crawlable, work without JavaScript): Previous, 1 … window … N, Next. */
export function Pagination({
	page,
	pageCount,
	hrefFor,
}: {
	page: number
	pageCount: number
	hrefFor: (page: number) => string
}) {
	if (pageCount <= 1) return null
	const base =
		'inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg px-3 text-sm font-semibold'
	return (
		<nav aria-label="Pagination" className="mt-10">
			<ul className="flex flex-wrap items-center justify-center gap-1">
				<li>
					{page > 1 ? (
						<Link
							to={hrefFor(page - 1)}
							rel="prev"
							className={cn(base, 'text-pond-800 hover:bg-pond-50')}
						>
							<ChevronLeft aria-hidden="true" className="size-4" /> Previous
						</Link>
					) : (
						<span aria-disabled="true" className={cn(base, 'text-slate-500')}>
							<ChevronLeft aria-hidden="true" className="size-4" /> Previous
						</span>
					)}
				</li>
				{pageItems(page, pageCount).map((item) =>
					item.type === 'ellipsis' ? (
						<li key={item.key} aria-hidden="true" className="px-2 text-slate-500">
							…
						</li>
					) : (
						<li key={item.page}>
							<Link
								to={hrefFor(item.page)}
								aria-current={item.page === page ? 'page' : undefined}
								aria-label={`Page ${item.page}`}
								className={cn(
									base,
									item.page === page ? 'bg-pond-800 text-white' : 'text-pond-800 hover:bg-pond-50',
								)}
							>
								{item.page}
							</Link>
						</li>
					),
				)}
				<li>
					{page < pageCount ? (
						<Link
							to={hrefFor(page + 1)}
							rel="next"
							className={cn(base, 'text-pond-800 hover:bg-pond-50')}
						>
							Next <ChevronRight aria-hidden="true" className="size-4" />
						</Link>
					) : (
						<span aria-disabled="true" className={cn(base, 'text-slate-500')}>
							Next <ChevronRight aria-hidden="true" className="size-4" />
						</span>
					)}
				</li>
			</ul>
		</nav>
	)
}
