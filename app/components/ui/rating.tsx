import { Star, StarHalf } from 'lucide-react'

/** One full star per whole point, plus a half star when the rating has a fraction (spec). */
export function starsFor(rating: number) {
	const full = Math.max(0, Math.floor(rating))
	return { full, half: rating - full > 0 }
}

export function Rating({ value, max = 5 }: { value: number; max?: number }) {
	const { full, half } = starsFor(Math.min(value, max))
	return (
		<div
			className="flex items-center gap-0.5 text-amber-500"
			role="img"
			aria-label={`Rated ${value} out of ${max}`}
		>
			{Array.from({ length: full }, (_, i) => (
				<Star key={i} aria-hidden="true" className="size-5 fill-current" data-star="full" />
			))}
			{half ? (
				<StarHalf aria-hidden="true" className="size-5 fill-current" data-star="half" />
			) : null}
		</div>
	)
}
