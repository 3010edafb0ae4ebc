import { PackageSearch } from 'lucide-react'
import { Link, useNavigation } from 'react-router'

/** 'Loading products...' while a client-side navigation inside the catalogue is under way. */
export function useCatalogLoading() {
	const navigation = useNavigation()
	return (
		navigation.state === 'loading' &&
		Boolean(navigation.location?.pathname.startsWith('/pond-products'))
	)
}

export function LoadingProducts({ show }: { show: boolean }) {
	return (
		<p
			role="status"
			aria-live="polite"
			className={show ? 'py-3 text-center font-medium text-pond-800' : 'sr-only'}
		>
			{show ? 'Loading products...' : ''}
		</p>
	)
}

export function NoSearchMatches({
	search,
	clearHref,
	backHref,
	backLabel,
}: {
	search: string
	clearHref: string
	backHref: string
	backLabel: string
}) {
	return (
		<div className="rounded-2xl bg-pond-50 px-6 py-12 text-center">
			<PackageSearch aria-hidden="true" className="mx-auto size-12 text-pond-600" />
			<h2 className="mt-4 text-xl font-semibold text-pond-900">No products match “{search}”</h2>
			<p className="mt-2 text-slate-600">Try a shorter search, a product code or a brand name.</p>
			<div className="mt-6 flex flex-wrap justify-center gap-3">
				<Link to={clearHref} className="btn-primary">
					Clear Search
				</Link>
				<Link to={backHref} className="btn-secondary">
					{backLabel}
				</Link>
			</div>
		</div>
	)
}

export function LoadError({ message }: { message: string }) {
	return (
		<div
			role="alert"
			className="rounded-2xl border border-red-200 bg-red-50 px-6 py-10 text-center text-red-800"
		>
			<p className="text-lg font-semibold">{message}</p>
		</div>
	)
}
