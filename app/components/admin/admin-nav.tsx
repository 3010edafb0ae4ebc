import { NavLink } from 'react-router'
import { TestPaymentsBanner } from '~/components/test-payments-notice'
import { cn } from '~/lib/cn'

const LINKS = [
	{ to: '/admin', label: 'Orders', end: true },
	{ to: '/admin/requests', label: 'Requests', end: false },
	{ to: '/admin/insights', label: 'Insights', end: false },
	{ to: '/admin/enquiries', label: 'Enquiries', end: false },
	{ to: '/admin/delivery', label: 'Delivery rates', end: false },
	{ to: '/admin/products', label: 'Products', end: false },
	{ to: '/admin/catalogue', label: 'Catalogue', end: false },
	{ to: '/admin/portfolio', label: 'Portfolio', end: false },
	{ to: '/admin/testimonials', label: 'Testimonials', end: false },
	{ to: '/admin/settings', label: 'Business details', end: false },
	{ to: '/admin/jobs', label: 'Background work', end: false },
]

/**
 * The back office's sections, under the test-payments notice when it applies. A page that knows
 * how many customer requests wait (open or in progress) passes it for the Requests tab's badge.
 */
export function AdminNav({ requestsWaiting }: { requestsWaiting?: number }) {
	return (
		<>
			<TestPaymentsBanner />
			<nav
				aria-label="Admin sections"
				className="mb-6 flex flex-wrap gap-2 border-b border-slate-200"
			>
				{LINKS.map((link) => (
					<NavLink
						key={link.to}
						to={link.to}
						end={link.end}
						className={({ isActive }) =>
							cn(
								'-mb-px border-b-2 px-4 py-2 font-semibold',
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
			</nav>
		</>
	)
}
