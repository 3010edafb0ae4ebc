import { data, isRouteErrorResponse, Link } from 'react-router'
import { photoColours } from '~/.server/portfolio/manifest'
import { PageHeader } from '~/components/content/page-header'
import type { BreadcrumbHandle } from '~/components/layout/breadcrumbs'
import { Gallery } from '~/components/portfolio/gallery'
import { Rating } from '~/components/ui/rating'
import { findProject, projectThumbnailUrl } from '~/data/portfolio'
import { PROJECT_STORIES } from '~/data/portfolio-stories'
import { pageMeta } from '~/lib/seo'
import type { Route } from './+types/portfolio.$projectId'

export const handle: BreadcrumbHandle = {
	breadcrumb: (match) => [
		{ label: 'Portfolio', to: '/portfolio' },
		{
			label: findProject(match.params.projectId ?? '')?.name ?? 'Project Not Found',
			to: `/portfolio/${match.params.projectId}`,
		},
	],
}

export const meta: Route.MetaFunction = (args) => {
	const project = args.data ? findProject(args.data.projectId) : undefined
	if (!project)
		return [
			{ title: 'Project Not Found | Highland Koi & Ponds' },
			{ name: 'robots', content: 'noindex' },
		]
	return pageMeta(args, {
		title: `${project.name}, ${project.location}`,
		description: project.description,
		image: projectThumbnailUrl(project.id),
		type: 'article',
	})
}

export function loader({ params }: Route.LoaderArgs) {
	const project = findProject(params.projectId)
	if (!project) throw data('Project Not Found', { status: 404 })
	return { projectId: project.id, colours: photoColours(project.id) }
}

export default function ProjectPage({ loaderData }: Route.ComponentProps) {
	const project = findProject(loaderData.projectId)!
	const story = PROJECT_STORIES[project.id] ?? { process: [] }
	return (
		<>
			<PageHeader title={project.name} intro={`${project.location} · ${project.description}`} />
			<div className="container-page space-y-14 py-10">
				<Gallery project={project} colours={loaderData.colours} />
				{story.testimonial ? (
					<section
						aria-labelledby="testimonial"
						className="mx-auto max-w-3xl rounded-2xl bg-pond-50 p-8"
					>
						<h2 id="testimonial" className="font-display text-2xl font-bold text-pond-900">
							What the owners say
						</h2>
						<figure className="mt-4">
							<Rating value={story.testimonial.rating} />
							<blockquote className="mt-3 text-lg leading-relaxed text-slate-700">
								<p>“{story.testimonial.content}”</p>
							</blockquote>
							<figcaption className="mt-3 font-semibold text-pond-900">
								{story.testimonial.author}
							</figcaption>
						</figure>
					</section>
				) : null}
				<section aria-labelledby="process" className="mx-auto max-w-3xl">
					<h2 id="process" className="font-display text-2xl font-bold text-pond-900">
						How we built it
					</h2>
					<div className="mt-4 space-y-4 text-lg leading-relaxed text-slate-700">
						{story.process.map((paragraph) => (
							<p key={paragraph.slice(0, 40)}>{paragraph}</p>
						))}
					</div>
					<div className="mt-8 flex flex-wrap gap-3">
						<Link to="/contact" className="btn-primary">
							Request Your Free Consultation
						</Link>
						<Link to="/portfolio" className="btn-secondary">
							Back to Portfolio
						</Link>
					</div>
				</section>
			</div>
		</>
	)
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
	if (!isRouteErrorResponse(error) || error.status !== 404) throw error
	return (
		<div className="container-page py-20 text-center">
			<h1 className="font-display text-4xl font-bold text-pond-900">Project Not Found</h1>
			<p className="mt-4 text-lg text-slate-600">
				We could not find that project. It may have been renamed or removed.
			</p>
			<Link to="/portfolio" className="btn-primary mt-8">
				Back to Portfolio
			</Link>
		</div>
	)
}
