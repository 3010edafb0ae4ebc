import { Link, type UIMatch, useMatches, useRouteLoaderData } from 'react-router'
import { JsonLd } from '~/components/json-ld'

export type Crumb = { label: string; to: string }

/** Routes add themselves to the trail with `export const handle = { breadcrumb }`. */
export type BreadcrumbHandle = {
	breadcrumb?: (match: UIMatch) => Crumb | Crumb[] | null
}

export function useBreadcrumbs(): Crumb[] {
	const matches = useMatches()
	const crumbs: Crumb[] = []
	for (const match of matches) {
		const handle = match.handle as BreadcrumbHandle | undefined
		const result = handle?.breadcrumb?.(match)
		if (!result) continue
		crumbs.push(...(Array.isArray(result) ? result : [result]))
	}
	return crumbs
}

export function Breadcrumbs() {
	const crumbs = useBreadcrumbs()
	const root = useRouteLoaderData('root') as { siteUrl: string } | undefined
	if (crumbs.length === 0) return null
	const jsonLd = {
		'@context': 'https://schema.org',
		'@type': 'BreadcrumbList',
		itemListElement: crumbs.map((crumb, index) => ({
			'@type': 'ListItem',
			position: index + 1,
			name: crumb.label,
			item: `${root?.siteUrl ?? ''}${crumb.to}`,
		})),
	}
	return (
		<nav aria-label="Breadcrumb" className="border-b border-slate-200 bg-slate-50">
			<ol className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-2 gap-y-1 px-4 py-2 text-sm text-slate-600 sm:px-6">
				{crumbs.map((crumb, index) => {
					const last = index === crumbs.length - 1
					return (
						<li key={`${crumb.to}-${index}`} className="flex items-center gap-2">
							{index > 0 ? (
								<span aria-hidden="true" className="text-slate-400">
									/
								</span>
							) : null}
							{last ? (
								<span aria-current="page" className="font-medium text-slate-900">
									{crumb.label}
								</span>
							) : (
								<Link
									to={crumb.to}
									className="underline-offset-2 hover:text-pond-700 hover:underline"
								>
									{crumb.label}
								</Link>
							)}
						</li>
					)
				})}
			</ol>
			<JsonLd data={jsonLd} />
		</nav>
	)
}
