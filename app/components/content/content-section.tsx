import { Link } from 'react-router'
import { Picture } from '~/components/ui/picture'
import { cn } from '~/lib/cn'
import type { SiteImageName } from '~/lib/images'

type Action = { label: string; to: string } | { label: string; onClick: () => void }

type ContentSectionProps = {
	id?: string
	title: string
	children: React.ReactNode
	image?: { name: SiteImageName; alt: string; position?: 'left' | 'right' }
	background?: 'white' | 'light-blue'
	primaryAction?: Action
	secondaryLink?: { label: string; to: string }
}

/** The spec's generic content section: title, body, optional image left/right, two actions. */
export function ContentSection({
	id,
	title,
	children,
	image,
	background = 'white',
	primaryAction,
	secondaryLink,
}: ContentSectionProps) {
	const headingId = id ? `${id}-heading` : undefined
	return (
		<section
			id={id}
			aria-labelledby={headingId}
			className={cn(
				'scroll-mt-20 py-16 sm:py-20',
				background === 'light-blue' ? 'bg-pond-50' : 'bg-white',
			)}
		>
			<div
				className={cn(
					'container-page grid items-center gap-10',
					image ? 'lg:grid-cols-2' : 'max-w-4xl',
				)}
			>
				<div className={cn(image?.position === 'left' && 'lg:order-2')}>
					<h2 id={headingId} className="font-display text-3xl font-bold text-pond-900 sm:text-4xl">
						{title}
					</h2>
					<div className="mt-5 space-y-4 text-lg leading-relaxed text-slate-700">{children}</div>
					{primaryAction || secondaryLink ? (
						<div className="mt-8 flex flex-wrap items-center gap-4">
							{primaryAction ? <ActionButton action={primaryAction} /> : null}
							{secondaryLink ? (
								<Link
									to={secondaryLink.to}
									className="font-semibold text-pond-700 underline-offset-4 hover:underline"
								>
									{secondaryLink.label} <span aria-hidden="true">→</span>
								</Link>
							) : null}
						</div>
					) : null}
				</div>
				{image ? (
					<div className={cn(image.position === 'left' && 'lg:order-1')}>
						<Picture
							image={image.name}
							alt={image.alt}
							sizes="(min-width: 1024px) 600px, 100vw"
							className="aspect-[4/3] h-auto w-full rounded-2xl object-cover shadow-lg"
						/>
					</div>
				) : null}
			</div>
		</section>
	)
}

function ActionButton({ action }: { action: Action }) {
	if ('to' in action) {
		return (
			<Link to={action.to} className="btn-primary">
				{action.label}
			</Link>
		)
	}
	return (
		<button type="button" onClick={action.onClick} className="btn-primary">
			{action.label}
		</button>
	)
}
