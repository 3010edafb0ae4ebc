import { Award, Handshake, ShieldCheck } from 'lucide-react'
import { Link } from 'react-router'
import { currentBusinessDetails } from '~/.server/business/details'
import { featuredProjects } from '~/.server/portfolio/projects'
import { visibleTestimonials } from '~/.server/portfolio/testimonials'
import { localBusinessJsonLd } from '~/.server/seo/local-business'
import { CategoryTile } from '~/components/content/category-tile'
import { ContentSection } from '~/components/content/content-section'
import { HomeHero } from '~/components/content/home-hero'
import { MiniHero } from '~/components/content/mini-hero'
import { ProcessSteps } from '~/components/content/process-steps'
import { ProjectCard } from '~/components/content/project-card'
import { TestimonialCard } from '~/components/content/testimonial-card'
import { JsonLd } from '~/components/json-ld'
import { categoryTiles } from '~/data/category-tiles'
import { BRAND } from '~/lib/business-brand'
import { businessNameFrom, pageMeta } from '~/lib/seo'
import type { Route } from './+types/home'

export const meta: Route.MetaFunction = (args) =>
	pageMeta(args, {
		title: `${businessNameFrom(args.matches)} | National Koi and Pond Service – Custom Ponds & Pond Equipment`,
		description:
			'Expertly built custom koi and garden ponds, and pond filters, pumps, air pumps, fittings and skimmers delivered across the UK. Over 30 years of experience.',
	})

const WHY_CHOOSE_US = [
	{
		title: 'Experience',
		body: 'Over 30 years of building ponds and keeping koi, from small wildlife ponds to 20,000-litre show ponds.',
		icon: Award,
	},
	{
		title: 'Service',
		body: 'A real person reviews every order, confirms delivery with you by phone or email, and is on hand for advice afterwards.',
		icon: Handshake,
	},
	{
		title: 'Quality',
		body: 'We fit and sell only equipment we would trust in our own ponds, from brands with spares and support in the UK.',
		icon: ShieldCheck,
	},
] as const

const PROCESS_STEPS = [
	{
		title: 'Free consultation',
		body: 'We talk through your garden, your fish and your budget, then visit to survey levels, access and soil.',
	},
	{
		title: 'Design & quotation',
		body: 'You get a drawn plan, a filtration specification sized to the water volume, and a fixed written quote.',
	},
	{
		title: 'Construction',
		body: 'Excavation, blockwork or liner, bottom drains and pipework, filtration, edging and planting — by our own team.',
	},
	{
		title: 'Handover & aftercare',
		body: 'We mature the filter with you, show you the routine, and stay a phone call away for water-quality advice.',
	},
] as const

// Built on the server: structured data, quotes, tiles and featured projects reach the page as
// data, keeping the home page's JavaScript small (issue 34 item 11).
export async function loader({ context }: Route.LoaderArgs) {
	const [business, testimonials, projects, categories] = await Promise.all([
		currentBusinessDetails(context.db),
		visibleTestimonials(context.db),
		featuredProjects(context.db),
		context.catalog.shownCategories(),
	])
	return {
		localBusiness: localBusinessJsonLd(context.env.SITE_URL, business),
		// Both set at /admin/testimonials and /admin/portfolio (hidden ones and drafts left out).
		testimonials,
		// The owner's categories in their order (Products → Categories), hidden ones left out.
		categoryTiles: categoryTiles(categories),
		featuredProjects: projects,
		reviewsUrl: business.facebookUrl && `${business.facebookUrl.replace(/\/$/, '')}/reviews`,
	}
}

export default function Home({ loaderData }: Route.ComponentProps) {
	return (
		<>
			<JsonLd data={loaderData.localBusiness} />
			<HomeHero />
			<section aria-labelledby="testimonials-heading" className="bg-pond-50 py-16">
				<div className="container-page">
					<h2
						id="testimonials-heading"
						className="text-center font-display text-3xl font-bold text-pond-900"
					>
						What Our Customers Say
					</h2>
					<ul className="mt-10 grid gap-6 md:grid-cols-3">
						{loaderData.testimonials.map((testimonial) => (
							<li key={testimonial.id}>
								<TestimonialCard testimonial={testimonial} />
							</li>
						))}
					</ul>
				</div>
			</section>
			<ContentSection
				id="bespoke-ponds"
				title="Bespoke Pond Design & Construction"
				image={{
					name: 'bespoke',
					alt: 'A raised natural-stone koi pond with a waterfall',
					position: 'right',
				}}
				background="white"
				primaryAction={{ label: 'Request Your Free Consultation', to: '/contact' }}
				secondaryLink={{ label: 'View Pond Portfolio', to: '/portfolio' }}
			>
				<p>
					Every pond we build is designed around its garden and the fish that will live in it.
					Raised brick or stone, sunken liner or fully rendered blockwork, with bottom drains and
					filtration sized for the water volume — we handle the whole build, from the first spade in
					the ground to the last marginal plant.
				</p>
				<p>
					We have built ponds from the Highlands to the south coast, and we still treat each one as
					if it were going in our own garden.
				</p>
			</ContentSection>
			<section
				id="products"
				aria-labelledby="products-heading"
				className="below-fold scroll-mt-20 bg-pond-50 py-16 sm:py-20"
			>
				<div className="container-page">
					<h2
						id="products-heading"
						className="text-center font-display text-3xl font-bold text-pond-900 sm:text-4xl"
					>
						Pond Equipment &amp; Supplies
					</h2>
					<p className="mx-auto mt-4 max-w-2xl text-center text-lg text-slate-600">
						The filters, pumps and fittings we use on our own builds, delivered nationwide.
					</p>
					<ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
						{loaderData.categoryTiles.map((tile) => (
							<li key={tile.id}>
								<CategoryTile tile={tile} />
							</li>
						))}
					</ul>
				</div>
			</section>
			<MiniHero
				id="why-choose-us"
				image="why-choose-us"
				title="Why Choose Us"
				subtitle="A family business that has been building ponds and keeping koi for over 30 years."
				opacity={0.83}
				cards={WHY_CHOOSE_US}
			/>
			<ProcessSteps title="From First Conversation to Finished Pond" steps={PROCESS_STEPS} />
			<section
				id="home-portfolio"
				aria-labelledby="home-portfolio-heading"
				className="below-fold scroll-mt-20 bg-pond-50 py-16 sm:py-20"
			>
				<div className="container-page">
					<h2
						id="home-portfolio-heading"
						className="text-center font-display text-3xl font-bold text-pond-900 sm:text-4xl"
					>
						Featured Projects
					</h2>
					<ul className="mt-10 grid gap-6 md:grid-cols-3">
						{loaderData.featuredProjects.map((project) => (
							<li key={project.slug}>
								<ProjectCard project={project} actionLabel="View Project" />
							</li>
						))}
					</ul>
					<div className="mt-10 text-center">
						<Link to="/portfolio" className="btn-secondary">
							View All Projects
						</Link>
					</div>
				</div>
			</section>
			<ContentSection
				id="about-section"
				title={`About ${loaderData.localBusiness.name}`}
				image={{
					name: 'about',
					alt: 'A planted wildlife pond in a Highland garden',
					position: 'left',
				}}
				background="light-blue"
				primaryAction={{ label: 'Learn More About Us', to: '/about' }}
				secondaryLink={{ label: 'Get In Touch', to: '/contact' }}
			>
				<p>
					We began as a small family business in the north of Scotland, building ponds for
					neighbours and keeping koi of our own. Over 30 years later we build custom ponds and
					supply pond equipment to customers across the UK.
				</p>
				<p>
					The same family still answers the phone, and every order is checked by someone who knows
					what it is for.
				</p>
			</ContentSection>
			{loaderData.reviewsUrl ? (
				<section aria-labelledby="reviews-heading" className="below-fold bg-white py-14">
					<div className="container-page text-center">
						<h2 id="reviews-heading" className="font-display text-2xl font-bold text-pond-900">
							Read More Reviews
						</h2>
						<p className="mt-3 text-lg text-slate-600">
							See what more of our customers say about us on {BRAND.social.label}.
						</p>
						<a
							href={loaderData.reviewsUrl}
							target="_blank"
							rel="noopener noreferrer"
							className="btn-secondary mt-6"
						>
							Read our reviews on {BRAND.social.label}
							<span className="sr-only">(opens in a new tab)</span>
						</a>
					</div>
				</section>
			) : null}
		</>
	)
}
