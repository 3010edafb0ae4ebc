import { Link } from 'react-router'
import { Picture } from '~/components/ui/picture'

/** The home page's first screen: the photo, the promise and the two ways in. */
export function HomeHero() {
	return (
		<section
			aria-labelledby="hero-heading"
			className="relative isolate overflow-hidden bg-pond-900 text-white"
		>
			<Picture
				image="hero"
				alt=""
				sizes="100vw"
				priority
				className="absolute inset-0 -z-20 h-full w-full object-cover"
				style={{ objectPosition: '50% 60%' }}
			/>
			<div className="absolute inset-0 -z-10 bg-gradient-to-r from-pond-950/85 via-pond-900/60 to-pond-900/20" />
			<div className="container-page flex min-h-[28rem] flex-col justify-center py-20 sm:min-h-[34rem]">
				<h1
					id="hero-heading"
					className="max-w-3xl font-display text-4xl font-bold leading-tight sm:text-5xl lg:text-6xl"
				>
					Expertly Built Custom Ponds &amp; Pond Equipment Sales with Delivery
				</h1>
				<p className="mt-6 max-w-2xl text-lg text-white/90 sm:text-xl">
					National Koi and Pond Service with Over 30 Years of Experience
				</p>
				<div className="mt-10 flex flex-wrap gap-4">
					<Link to="/contact" className="btn-primary">
						Contact for Pond Services
					</Link>
					<Link to="/pond-products" className="btn-ghost-light">
						View Products
					</Link>
				</div>
			</div>
		</section>
	)
}
