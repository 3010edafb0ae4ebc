import { checkAlreadyBroken, showPlaceholder } from '~/components/ui/picture'
import { Rating } from '~/components/ui/rating'
import { SITE_IMAGES, type SiteImageName, siteImageUrl } from '~/lib/images'
import type { PublicTestimonial } from '~/lib/portfolio/testimonial-schema'

const isSiteImage = (name: string | null): name is SiteImageName =>
	name !== null && Object.hasOwn(SITE_IMAGES, name)

/** Initials in a circle for a testimonial without a picture (the owner's own). */
const initials = (author: string) =>
	author
		.split(',')[0]!
		.split(/\s+/)
		.filter(Boolean)
		.map((word) => word[0]!.toUpperCase())
		.filter((letter) => /\p{Lu}/u.test(letter))
		.slice(0, 2)
		.join('')

export function TestimonialCard({ testimonial }: { testimonial: PublicTestimonial }) {
	const { avatar } = testimonial
	return (
		<figure className="flex h-full flex-col rounded-2xl bg-white p-6 shadow-md ring-1 ring-slate-200">
			<Rating value={testimonial.rating} />
			<blockquote className="mt-4 flex-1 leading-relaxed text-slate-700">
				<p>“{testimonial.text}”</p>
			</blockquote>
			<figcaption className="mt-6 flex items-center gap-3">
				{isSiteImage(avatar) ? (
					<img
						src={siteImageUrl(avatar, 80, 'jpg')}
						srcSet={`${siteImageUrl(avatar, 160, 'jpg')} 2x`}
						alt=""
						width={48}
						height={48}
						loading="lazy"
						decoding="async"
						ref={checkAlreadyBroken}
						onError={(event) => showPlaceholder(event.currentTarget)}
						className="size-12 rounded-full object-cover"
						style={{ backgroundColor: SITE_IMAGES[avatar].color }}
					/>
				) : (
					<span
						aria-hidden="true"
						className="flex size-12 shrink-0 items-center justify-center rounded-full bg-pond-100 font-semibold text-pond-800"
					>
						{initials(testimonial.author)}
					</span>
				)}
				<span className="font-semibold text-pond-900">{testimonial.author}</span>
			</figcaption>
		</figure>
	)
}
