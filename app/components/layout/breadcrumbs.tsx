import { useEffect, useState } from 'react'
import { Link, type UIMatch, useMatches, useRouteLoaderData } from 'react-router'
import { JsonLd } from '~/components/json-ld'

export type Crumb = { label: string; to: string }

/** Routes add themselves to the trail with `export const handle = { breadcrumb }`. */
export type BreadcrumbHandle = {
	breadcrumb?: (match: UIMatch) => Crumb | Crumb[] | null
	/** The trail starts with the page the visitor came from (the cart, per the spec). */
	followsPreviousPage?: boolean
}

const LAST_TRAIL_KEY = 'koi:last-trail'

/** Remembers the current trail, or splices the previous page's trail in when the route asks. */
function usePreviousTrail(crumbs: Crumb[], follows: boolean): Crumb[] {
	const [previous, setPrevious] = useState<Crumb[]>([])
	const key = crumbs.map((c) => c.to).join('>')
	// biome-ignore lint/correctness/useExhaustiveDependencies: the joined key stands for crumbs
	useEffect(() => {
		try {
			if (follows) {
				const saved = JSON.parse(sessionStorage.getItem(LAST_TRAIL_KEY) ?? '[]') as Crumb[]
				setPrevious(Array.isArray(saved) ? saved.filter((c) => c && typeof c.to === 'string') : [])
			} else {
				sessionStorage.setItem(LAST_TRAIL_KEY, JSON.stringify(crumbs.slice(1)))
			}
		} catch {
			// sessionStorage unavailable: the plain trail is fine.
		}
	}, [key, follows])
	if (!follows || previous.length === 0) return crumbs
	return [crumbs[0]!, ...previous, ...crumbs.slice(1)]
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
	const matches = useMatches()
	const follows = matches.some(
		(m) => (m.handle as BreadcrumbHandle | undefined)?.followsPreviousPage,
	)
	const crumbs = usePreviousTrail(useBreadcrumbs(), follows)
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
