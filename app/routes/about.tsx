import { ContentSection } from '~/components/content/content-section'
import { PageHeader } from '~/components/content/page-header'
import type { BreadcrumbHandle } from '~/components/layout/breadcrumbs'
import { useBusiness } from '~/components/layout/use-business'
import { businessNameFrom, pageMeta } from '~/lib/seo'
import type { Route } from './+types/about'

export const handle: BreadcrumbHandle = { breadcrumb: () => ({ label: 'About', to: '/about' }) }

export const meta: Route.MetaFunction = (args) =>
	pageMeta(args, {
		title: 'About Us',
		description: `${businessNameFrom(args.matches)} began as a small family business in the north of Scotland. Over 30 years on, we build custom ponds and supply pond equipment across the UK.`,
	})

export default function About() {
	const business = useBusiness()
	return (
		<>
			<PageHeader
				title={`About ${business.tradingName}`}
				intro="A family business that has been building ponds and keeping koi for over 30 years."
			/>
			<ContentSection
				title="Where we started"
				image={{
					name: 'about',
					alt: 'A planted wildlife pond in a Highland garden',
					position: 'right',
				}}
			>
				<p>
					We began as a small family business in the north of Scotland, digging garden ponds for
					neighbours around Inverness and keeping koi of our own. Highland winters taught us early
					that a pond has to be built properly — deep enough, well filtered and well insulated — if
					the fish are to thrive.
				</p>
				<p>
					Word spread, the ponds grew larger, and over 30 years later we design and build custom
					ponds and supply pond equipment to customers across the UK.
				</p>
			</ContentSection>
			<ContentSection
				title="What we do today"
				background="light-blue"
				primaryAction={{ label: 'Get In Touch', to: '/contact' }}
				secondaryLink={{ label: 'See our services', to: '/services' }}
			>
				<p>
					Our build team handles every stage of a pond project: survey and design, excavation,
					blockwork or liner, bottom drains and pipework, filtration, edging and planting. We build
					koi ponds, raised brick and stone ponds, formal courtyard pools and wildlife ponds.
				</p>
				<p>
					Our shop supplies the filters, pumps, air pumps, pipe fittings, showers and skimmers we
					use on our own builds. Because delivery of pond equipment varies so much — a box of
					fittings and a drum filter are very different parcels — we review every order by hand and
					confirm the delivery cost with you before you pay anything.
				</p>
			</ContentSection>
			<ContentSection title="How we work">
				<ul className="list-disc space-y-2 pl-6">
					<li>
						Straight answers: if a cheaper pump or a smaller filter will do the job, we will tell
						you.
					</li>
					<li>Fixed written quotations for builds, with no surprises halfway through.</li>
					<li>Our own team on site — we do not subcontract the building work.</li>
					<li>Advice after the sale, whether you bought a single fitting or a whole pond.</li>
				</ul>
			</ContentSection>
		</>
	)
}
