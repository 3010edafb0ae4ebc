import type { LucideIcon } from 'lucide-react'
import { Picture } from '~/components/ui/picture'
import type { SiteImageName } from '~/lib/images'

export type MiniHeroCard = { title: string; body: string; icon?: LucideIcon }

type MiniHeroProps = {
	id?: string
	image: SiteImageName
	title: string
	subtitle?: string
	/** Overlay colour over the background image (spec default: a blue). */
	overlayColor?: string
	/** Overlay opacity (spec default 0.8). */
	opacity?: number
	cards: readonly MiniHeroCard[]
}

export const MINI_HERO_CARD_COUNT = 3

/** Always exactly three cards: extra ones are dropped, missing ones padded with empty cards. */
export function padCards(cards: readonly MiniHeroCard[]): Array<MiniHeroCard | null> {
	return Array.from({ length: MINI_HERO_CARD_COUNT }, (_, i) => cards[i] ?? null)
}

export function MiniHero({
	id,
	image,
	title,
	subtitle,
	overlayColor = '#12384d',
	opacity = 0.8,
	cards,
}: MiniHeroProps) {
	const headingId = id ? `${id}-heading` : undefined
	return (
		<section
			id={id}
			aria-labelledby={headingId}
			className="relative isolate scroll-mt-20 overflow-hidden py-20 text-white"
		>
			<Picture
				image={image}
				alt=""
				sizes="100vw"
				className="absolute inset-0 -z-20 h-full w-full object-cover"
			/>
			<div
				className="absolute inset-0 -z-10"
				data-testid="mini-hero-overlay"
				style={{ backgroundColor: overlayColor, opacity }}
			/>
			<div className="container-page">
				<h2 id={headingId} className="text-center font-display text-3xl font-bold sm:text-4xl">
					{title}
				</h2>
				{subtitle ? (
					<p className="mx-auto mt-4 max-w-2xl text-center text-lg text-white/90">{subtitle}</p>
				) : null}
				<ul className="mt-12 grid gap-6 md:grid-cols-3">
					{padCards(cards).map((card, index) => (
						<li
							key={card?.title ?? `empty-${index}`}
							className="rounded-2xl bg-white/10 p-6 ring-1 ring-white/20 backdrop-blur-sm"
							aria-hidden={card ? undefined : true}
						>
							{card ? (
								<>
									{card.icon ? (
										<card.icon aria-hidden="true" className="size-9 text-koi-400" />
									) : null}
									<h3 className="mt-4 text-xl font-semibold">{card.title}</h3>
									<p className="mt-2 leading-relaxed text-white/90">{card.body}</p>
								</>
							) : null}
						</li>
					))}
				</ul>
			</div>
		</section>
	)
}
