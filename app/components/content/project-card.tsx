import { Link } from 'react-router'
import { checkAlreadyBroken, showPlaceholder } from '~/components/ui/picture'
import type { ProjectCardData } from '~/lib/portfolio/project'

export function ProjectCard({
	project,
	actionLabel,
}: {
	/** With its thumbnail's address from the loader: the portfolio's data stays off the home page's script. */
	project: Pick<ProjectCardData, 'slug' | 'name' | 'location' | 'summary' | 'thumbnailUrl'>
	actionLabel: string
}) {
	return (
		<article className="flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-md ring-1 ring-slate-200">
			<img
				src={project.thumbnailUrl}
				alt={`${project.name} in ${project.location}`}
				width={800}
				height={600}
				loading="lazy"
				decoding="async"
				ref={checkAlreadyBroken}
				onError={(event) => showPlaceholder(event.currentTarget)}
				className="aspect-[4/3] h-auto w-full bg-pond-100 object-cover"
			/>
			<div className="flex flex-1 flex-col p-6">
				<h3 className="text-xl font-semibold text-pond-900">{project.name}</h3>
				<p className="mt-2 flex-1 leading-relaxed text-slate-600">{project.summary}</p>
				<Link
					to={`/portfolio/${project.slug}`}
					className="btn-primary mt-6 self-start"
					aria-label={`${actionLabel}: ${project.name}`}
				>
					{actionLabel}
				</Link>
			</div>
		</article>
	)
}
