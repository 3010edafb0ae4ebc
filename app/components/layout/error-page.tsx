import { Link } from 'react-router'

/**
 * The 404 and 500 pages (root's error boundary). A route may add a section below the links —
 * the order page offers a fresh order link — and otherwise looks the same as every other 404.
 */
export function ErrorPage({
	notFound,
	title = notFound ? 'Page not found' : 'Something went wrong',
	message = notFound
		? 'Sorry, we could not find that page. It may have moved, or the address may be mistyped.'
		: 'Sorry, something went wrong on our side. Please try again in a moment.',
	children,
}: {
	notFound: boolean
	/** A 404 that knows more than 'not found' says it in its own words. */
	title?: string
	message?: string
	children?: React.ReactNode
}) {
	return (
		<div className="container-page py-20 text-center">
			<title>{`${title} | Highland Koi & Ponds`}</title>
			<meta name="robots" content="noindex" />
			<p className="text-sm font-semibold uppercase tracking-wide text-koi-700">
				{notFound ? 'Error 404' : 'Error 500'}
			</p>
			<h1 className="mt-2 font-display text-4xl font-bold text-pond-900">{title}</h1>
			<p className="mx-auto mt-4 max-w-xl text-lg text-slate-600">{message}</p>
			<div className="mt-8 flex flex-wrap justify-center gap-3">
				<Link to="/" className="btn-primary">
					Return to Home
				</Link>
				<Link to="/pond-products" className="btn-secondary">
					Browse Products
				</Link>
				<Link to="/contact" className="btn-secondary">
					Contact Us
				</Link>
			</div>
			{children}
		</div>
	)
}
