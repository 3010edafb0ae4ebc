import { ChevronRight } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { NavLink } from 'react-router'
import { TestPaymentsBanner } from '~/components/test-payments-notice'
import { cn } from '~/lib/cn'

const LINKS = [
	{ to: '/admin', label: 'Orders', end: true },
	{ to: '/admin/requests', label: 'Requests', end: false },
	{ to: '/admin/insights', label: 'Insights', end: false },
	{ to: '/admin/money', label: 'Money', end: false },
	{ to: '/admin/enquiries', label: 'Enquiries', end: false },
	{ to: '/admin/delivery', label: 'Delivery rates', end: false },
	{ to: '/admin/products', label: 'Products', end: false },
	{ to: '/admin/catalogue', label: 'Catalogue', end: false },
	{ to: '/admin/portfolio', label: 'Portfolio', end: false },
	{ to: '/admin/testimonials', label: 'Testimonials', end: false },
	{ to: '/admin/settings', label: 'Business details', end: false },
	{ to: '/admin/jobs', label: 'Background work', end: false },
	{ to: '/admin/account', label: 'Your account', end: false },
]

/**
 * The back office's sections, under the test-payments notice when it applies. A page that knows
 * how many customer requests wait (open or in progress) passes it for the Requests tab's badge.
 * On a phone the tabs are one row that scrolls sideways, the current one brought into view: as
 * wrapped rows, eleven tabs filled the first screen of every admin page at 360 px.
 */
export function AdminNav({ requestsWaiting }: { requestsWaiting?: number }) {
	const strip = useRef<HTMLElement>(null)
	// More tabs off to the right: a fade and an arrow say so (a cut-off word was the only sign).
	const [moreRight, setMoreRight] = useState(false)
	// Each admin page renders its own nav, so this runs once per page.
	useEffect(() => {
		const nav = strip.current
		if (!nav) return
		const measure = () => setMoreRight(nav.scrollLeft + nav.clientWidth < nav.scrollWidth - 8)
		const current = nav.querySelector<HTMLElement>('[aria-current="page"]')
		// Not scrollIntoView: that would also scroll the page itself.
		if (current && nav.scrollWidth > nav.clientWidth)
			nav.scrollLeft = current.offsetLeft - (nav.clientWidth - current.offsetWidth) / 2
		measure()
		nav.addEventListener('scroll', measure, { passive: true })
		window.addEventListener('resize', measure)
		return () => {
			nav.removeEventListener('scroll', measure)
			window.removeEventListener('resize', measure)
		}
	}, [])
	return (
		<>
			<TestPaymentsBanner />
			<div className="relative mb-6">
				<nav
					ref={strip}
					aria-label="Admin sections"
					className="relative -mx-4 overflow-x-auto px-4 sm:-mx-6 sm:px-6 md:mx-0 md:overflow-visible md:px-0"
				>
					<div className="flex min-w-max gap-1 border-b border-slate-200 md:min-w-0 md:flex-wrap md:gap-2">
						{LINKS.map((link) => (
							<NavLink
								key={link.to}
								to={link.to}
								end={link.end}
								className={({ isActive }) =>
									cn(
										'-mb-px whitespace-nowrap border-b-2 px-3 py-2 font-semibold md:px-4',
										isActive
											? 'border-koi-700 text-pond-900'
											: 'border-transparent text-slate-700 hover:text-pond-800',
									)
								}
							>
								{link.label}
								{link.to === '/admin/requests' && requestsWaiting ? (
									<span className="ml-2 rounded-full bg-koi-700 px-2 py-0.5 text-xs text-white">
										{requestsWaiting}
										<span className="sr-only"> waiting</span>
									</span>
								) : null}
							</NavLink>
						))}
					</div>
				</nav>
				{moreRight ? (
					<span
						aria-hidden="true"
						data-testid="more-sections"
						className="pointer-events-none absolute inset-y-0 -right-4 flex w-14 items-center justify-end bg-gradient-to-l from-white via-white/90 to-transparent pr-1 sm:-right-6 md:hidden"
					>
						<ChevronRight className="size-5 text-pond-800" />
					</span>
				) : null}
			</div>
		</>
	)
}
