import { ChevronLeft, ChevronRight } from 'lucide-react'
import { Link } from 'react-router'
import { responsivePageItems } from '~/lib/catalog/pagination'
import { cn } from '~/lib/cn'

/**
 * Real links (crawlable, work without JavaScript): Previous, 1 … window … N, Next. Below 640 px
 * it must fit one line at 360 px: Previous and Next keep their words for screen readers only,
 * the window narrows to ±1 (first and last stay), and the items sit closer.
 */
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
	// What one screen width leaves out (responsivePageItems) is hidden there.
	const only = { narrow: 'sm:hidden', wide: 'hidden sm:block' }
	const base =
		'inline-flex min-h-11 min-w-10 items-center justify-center rounded-lg px-1 text-sm font-semibold sm:min-w-11 sm:px-3'
	const word = 'sr-only sm:not-sr-only'
	return (
		<nav aria-label="Pagination" className="mt-10">
			<ul className="flex flex-wrap items-center justify-center sm:gap-1">
				<li>
					{page > 1 ? (
						<Link
							to={hrefFor(page - 1)}
							rel="prev"
							className={cn(base, 'text-pond-800 hover:bg-pond-50')}
						>
							<ChevronLeft aria-hidden="true" className="size-4" />{' '}
							<span className={word}>Previous</span>
						</Link>
					) : (
						<span aria-disabled="true" className={cn(base, 'text-slate-500')}>
							<ChevronLeft aria-hidden="true" className="size-4" />{' '}
							<span className={word}>Previous</span>
						</span>
					)}
				</li>
				{responsivePageItems(page, pageCount).map((item) =>
					item.type === 'ellipsis' ? (
						<li
							key={`${item.key}-${item.only}`}
							aria-hidden="true"
							className={cn('px-1 text-slate-500 sm:px-2', item.only && only[item.only])}
						>
							…
						</li>
					) : (
						<li key={item.page} className={item.only && only[item.only]}>
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
							<span className={word}>Next</span>{' '}
							<ChevronRight aria-hidden="true" className="size-4" />
						</Link>
					) : (
						<span aria-disabled="true" className={cn(base, 'text-slate-500')}>
							<span className={word}>Next</span>{' '}
							<ChevronRight aria-hidden="true" className="size-4" />
						</span>
					)}
				</li>
			</ul>
		</nav>
	)
}
