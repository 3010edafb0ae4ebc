import { data, isRouteErrorResponse, Link } from 'react-router'
import { publishedProject } from '~/.server/portfolio/projects'
import { PageHeader } from '~/components/content/page-header'
import type { BreadcrumbHandle } from '~/components/layout/breadcrumbs'
import { Gallery } from '~/components/portfolio/gallery'
import { Rating } from '~/components/ui/rating'
import { pageMeta } from '~/lib/seo'
import type { Route } from './+types/portfolio.$projectId'

export const handle: BreadcrumbHandle = {
	breadcrumb: (match) => [
		{ label: 'Portfolio', to: '/portfolio' },
		{
			label:
				(match.data as { project?: { name: string } } | undefined)?.project?.name ??
				'Project Not Found',
			to: `/portfolio/${match.params.projectId}`,
		},
	],
}

export const meta: Route.MetaFunction = (args) => {
	const project = args.data?.project
	if (!project)
		return [
			{ title: 'Project Not Found | Highland Koi & Ponds' },
			{ name: 'robots', content: 'noindex' },
		]
	return pageMeta(args, {
		title: `${project.name}, ${project.location}`,
		description: project.summary,
		image: project.thumbnailUrl,
		type: 'article',
	})
}

// Published projects only: a draft is as unknown to the public as a mistyped address.
export async function loader({ params, context }: Route.LoaderArgs) {
	const project = await publishedProject(context.db, params.projectId)
	if (!project) throw data('Project Not Found', { status: 404 })
	return { project }
}

export default function ProjectPage({ loaderData }: Route.ComponentProps) {
	const { project } = loaderData
	const { testimonial } = project
	return (
		<>
			<PageHeader title={project.name} intro={`${project.location} · ${project.summary}`} />
			<div className="container-page space-y-14 py-10">
				{project.photos.length ? <Gallery name={project.name} photos={project.photos} /> : null}
				{testimonial ? (
					<section
						aria-labelledby="testimonial"
						className="mx-auto max-w-3xl rounded-2xl bg-pond-50 p-8"
					>
						<h2 id="testimonial" className="font-display text-2xl font-bold text-pond-900">
							What the owners say
						</h2>
						<figure className="mt-4">
							<Rating value={testimonial.rating} />
							<blockquote className="mt-3 text-lg leading-relaxed text-slate-700">
								{testimonial.text.split(/\n+/).map((line) => (
									<p key={line.slice(0, 40)}>“{line}”</p>
								))}
							</blockquote>
							<figcaption className="mt-3 font-semibold text-pond-900">
								{testimonial.author}
							</figcaption>
						</figure>
					</section>
				) : null}
				<section aria-labelledby="process" className="mx-auto max-w-3xl">
					<h2 id="process" className="font-display text-2xl font-bold text-pond-900">
						How we built it
					</h2>
					<ProjectFacts project={project} />
					<div className="mt-4 space-y-4 text-lg leading-relaxed text-slate-700">
						{project.story.map((paragraph, i) => (
							<p key={`${i}-${paragraph.slice(0, 40)}`}>{paragraph}</p>
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

/** Pond volume and features, when the project has them. */
function ProjectFacts({ project }: { project: Route.ComponentProps['loaderData']['project'] }) {
	if (!project.pondVolume && project.features.length === 0) return null
	return (
		<dl className="mt-4 grid gap-3 rounded-2xl bg-pond-50 p-5 sm:grid-cols-[auto_1fr]">
			{project.pondVolume ? (
				<>
					<dt className="font-semibold text-pond-900">Pond volume</dt>
					<dd className="text-slate-700">{`${project.pondVolume.toLocaleString('en-GB')} litres`}</dd>
				</>
			) : null}
			{project.features.length ? (
				<>
					<dt className="font-semibold text-pond-900">Features</dt>
					<dd>
						<ul className="list-disc space-y-1 pl-5 text-slate-700">
							{project.features.map((feature, i) => (
								<li key={`${i}-${feature}`}>{feature}</li>
							))}
						</ul>
					</dd>
				</>
			) : null}
		</dl>
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
