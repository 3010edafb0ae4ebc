import { Link } from 'react-router'
import { publishedProjects } from '~/.server/portfolio/projects'
import { PageHeader } from '~/components/content/page-header'
import type { BreadcrumbHandle } from '~/components/layout/breadcrumbs'
import { ProjectThumbnail } from '~/components/portfolio/project-thumbnail'
import { pageMeta } from '~/lib/seo'
import type { Route } from './+types/portfolio._index'

export const handle: BreadcrumbHandle = {
	breadcrumb: () => ({ label: 'Portfolio', to: '/portfolio' }),
}

export const meta: Route.MetaFunction = (args) =>
	pageMeta(args, {
		title: 'Pond Portfolio',
		description:
			'Raised brick and stone koi ponds, modern rendered ponds, wildlife and formal ponds we have designed and built across Scotland.',
		image: args.data?.projects[0]?.thumbnailUrl || undefined,
	})

// Published projects only, in the portfolio's order (/admin/portfolio).
export async function loader({ context }: Route.LoaderArgs) {
	return { projects: await publishedProjects(context.db) }
}

export default function Portfolio({ loaderData }: Route.ComponentProps) {
	return (
		<>
			<PageHeader
				title="Our Pond Portfolio"
				intro="A few of the ponds we have designed and built — each one planned around its garden and its fish."
			/>
			<div className="container-page py-12">
				<ul className="grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
					{loaderData.projects.map((project) => (
						<li key={project.slug}>
							<article className="relative flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-md ring-1 ring-slate-200">
								<ProjectThumbnail
									src={project.thumbnailUrl}
									alt={`${project.name} in ${project.location}`}
								/>
								<div className="flex flex-1 flex-col p-6">
									<h2 className="text-xl font-semibold text-pond-900">
										<Link
											to={`/portfolio/${project.slug}`}
											className="after:absolute after:inset-0 hover:underline"
										>
											{project.name}
										</Link>
									</h2>
									<p className="mt-1 text-sm font-medium text-slate-600">{`${project.location} · ${project.photoCount} ${project.photoCount === 1 ? 'photo' : 'photos'}`}</p>
									<p className="mt-3 flex-1 leading-relaxed text-slate-700">{project.summary}</p>
									<span aria-hidden="true" className="mt-4 font-semibold text-koi-700">
										View Project →
									</span>
								</div>
							</article>
						</li>
					))}
				</ul>
			</div>
		</>
	)
}
