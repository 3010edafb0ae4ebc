import { Hammer, PackageCheck } from 'lucide-react'
import { Link } from 'react-router'
import { PageHeader } from '~/components/content/page-header'
import type { BreadcrumbHandle } from '~/components/layout/breadcrumbs'
import { pageMeta } from '~/lib/seo'
import type { Route } from './+types/services'

export const handle: BreadcrumbHandle = {
	breadcrumb: () => ({ label: 'Services', to: '/services' }),
}

export const meta: Route.MetaFunction = (args) =>
	pageMeta(args, {
		title: 'Pond Construction & Pond Equipment Services',
		description:
			'Custom pond design and construction anywhere in the UK, and quality pond filters, pumps, air pumps and fittings delivered to your door.',
	})

export default function Services() {
	return (
		<>
			<PageHeader
				title="Our Services"
				intro="Whether you want a pond built from scratch or the right equipment for the pond you have, we can help."
			/>
			<div className="container-page grid gap-8 py-16 lg:grid-cols-2">
				<article className="flex flex-col rounded-2xl bg-white p-8 shadow-md ring-1 ring-slate-200">
					<Hammer aria-hidden="true" className="size-10 text-koi-600" />
					<h2 className="mt-4 font-display text-2xl font-bold text-pond-900">
						Custom Pond Construction
					</h2>
					<p className="mt-4 leading-relaxed text-slate-700">
						From a compact patio pond to a 20,000-litre koi pond with bottom drains and a drum
						filter, we design and build ponds to suit your garden and your fish. We survey the site,
						draw up a plan and a fixed quotation, and our own team carries out the excavation,
						blockwork or liner, pipework, filtration, edging and planting.
					</p>
					<ul className="mt-4 list-disc space-y-1 pl-6 text-slate-700">
						<li>Koi ponds, raised brick and stone ponds, formal and wildlife ponds</li>
						<li>Bottom drains, gravity-fed filtration and UV clarification</li>
						<li>Renovation and re-lining of existing ponds</li>
					</ul>
					<div className="mt-8 flex flex-wrap gap-3">
						<Link to="/plan-a-pond" className="btn-primary">
							Plan a pond
						</Link>
						<Link to="/contact" className="btn-secondary">
							Request a Free Consultation
						</Link>
						<Link to="/portfolio" className="btn-secondary">
							View Our Portfolio
						</Link>
					</div>
				</article>
				<article className="flex flex-col rounded-2xl bg-white p-8 shadow-md ring-1 ring-slate-200">
					<PackageCheck aria-hidden="true" className="size-10 text-koi-600" />
					<h2 className="mt-4 font-display text-2xl font-bold text-pond-900">
						Quality Pond Products
					</h2>
					<p className="mt-4 leading-relaxed text-slate-700">
						We sell the filters, water pumps, air pumps, pipe fittings, showers and skimmers we
						trust on our own builds. Place an order request online and we will check it, confirm the
						delivery cost to your address, and send you a secure card payment link once you are
						happy with the total.
					</p>
					<ul className="mt-4 list-disc space-y-1 pl-6 text-slate-700">
						<li>Honest sizing advice for pumps and filters</li>
						<li>UK-wide delivery, confirmed with you before you pay</li>
						<li>Brands with spares and support in the UK</li>
					</ul>
					<div className="mt-8 flex flex-wrap gap-3">
						<Link to="/pond-products" className="btn-primary">
							Browse Products
						</Link>
					</div>
				</article>
			</div>
		</>
	)
}
