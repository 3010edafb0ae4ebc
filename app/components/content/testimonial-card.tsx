import { checkAlreadyBroken, showPlaceholder } from '~/components/ui/picture'
import { Rating } from '~/components/ui/rating'
import type { Testimonial } from '~/data/testimonials'
import { SITE_IMAGES, siteImageUrl } from '~/lib/images'

export function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
	const avatar = SITE_IMAGES[testimonial.avatar]
	return (
		<figure className="flex h-full flex-col rounded-2xl bg-white p-6 shadow-md ring-1 ring-slate-200">
			<Rating value={testimonial.rating} />
			<blockquote className="mt-4 flex-1 leading-relaxed text-slate-700">
				<p>“{testimonial.content}”</p>
			</blockquote>
			<figcaption className="mt-6 flex items-center gap-3">
				<img
					src={siteImageUrl(testimonial.avatar, 80, 'jpg')}
					srcSet={`${siteImageUrl(testimonial.avatar, 160, 'jpg')} 2x`}
					alt=""
					width={48}
					height={48}
					loading="lazy"
					decoding="async"
					ref={checkAlreadyBroken}
					onError={(event) => showPlaceholder(event.currentTarget)}
					className="size-12 rounded-full object-cover"
					style={{ backgroundColor: avatar.color }}
				/>
				<span className="font-semibold text-pond-900">{testimonial.author}</span>
			</figcaption>
		</figure>
	)
}
