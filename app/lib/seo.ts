import type { MetaDescriptor } from 'react-router'
import { BRAND } from './business-brand'
import { siteImageUrl } from './images'

type MetaArgs = {
	location: { pathname: string; search: string }
	matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>
}

type PageMeta = {
	title: string
	description: string
	/** Absolute or root-relative image for Open Graph/Twitter cards. */
	image?: string
	type?: 'website' | 'article' | 'product'
	/** Query parameters that make a distinct page (e.g. page); the rest is left out of the canonical. */
	canonicalParams?: readonly string[]
	noindex?: boolean
}

/** The trading name in force (/admin/settings), from the root loader's data. */
export function businessNameFrom(matches: MetaArgs['matches']): string {
	const root = matches.find((m) => m?.id === 'root')?.data as
		| { business?: { tradingName: string } }
		| undefined
	return root?.business?.tradingName ?? BRAND.name
}

export function siteUrlFrom(matches: MetaArgs['matches']): string {
	const root = matches.find((m) => m?.id === 'root')?.data as { siteUrl?: string } | undefined
	return root?.siteUrl ?? ''
}

export function canonicalUrl(
	siteUrl: string,
	pathname: string,
	search = '',
	keep: readonly string[] = [],
) {
	const params = new URLSearchParams(search)
	const kept = new URLSearchParams()
	for (const key of keep) {
		const value = params.get(key)
		if (value) kept.set(key, value)
	}
	const query = kept.toString()
	return `${siteUrl}${pathname}${query ? `?${query}` : ''}`
}

/** Title, description, canonical, Open Graph and Twitter tags for one page. */
export function pageMeta(args: MetaArgs, page: PageMeta): MetaDescriptor[] {
	const siteUrl = siteUrlFrom(args.matches)
	const url = canonicalUrl(
		siteUrl,
		args.location.pathname,
		args.location.search,
		page.canonicalParams,
	)
	const image = page.image ?? siteImageUrl('social', 1200, 'jpg')
	const imageUrl = image.startsWith('http') ? image : `${siteUrl}${image}`
	const name = businessNameFrom(args.matches)
	const title = page.title.includes(name) ? page.title : `${page.title} | ${name}`
	return [
		{ title },
		{ name: 'description', content: page.description },
		{ tagName: 'link', rel: 'canonical', href: url },
		...(page.noindex ? [{ name: 'robots', content: 'noindex' }] : []),
		{ property: 'og:site_name', content: name },
		{ property: 'og:locale', content: 'en_GB' },
		{ property: 'og:type', content: page.type ?? 'website' },
		{ property: 'og:title', content: title },
		{ property: 'og:description', content: page.description },
		{ property: 'og:url', content: url },
		{ property: 'og:image', content: imageUrl },
		{ name: 'twitter:card', content: 'summary_large_image' },
		{ name: 'twitter:title', content: title },
		{ name: 'twitter:description', content: page.description },
		{ name: 'twitter:image', content: imageUrl },
	]
}

/**
 * A page about one order (its page, returns, problem reports): not indexed, no Referer (the
 * private key is in the address). Without data it is the 404, and reads as any other page not found.
 */
export function privateOrderMeta(
	args: {
		data: unknown
		location: MetaArgs['location']
		matches: ReadonlyArray<{ id: string; data?: unknown; meta?: MetaDescriptor[] } | undefined>
	},
	page: Omit<PageMeta, 'noindex'> | null,
): MetaDescriptor[] {
	if (!args.data || !page) return args.matches.find((m) => m?.id === 'root')?.meta ?? []
	return [
		...pageMeta(args, { ...page, noindex: true }),
		{ name: 'referrer', content: 'no-referrer' },
	]
}

/** Headers for those pages and their 404s: never cached, never indexed. */
export const PRIVATE_ORDER_HEADERS = {
	'Cache-Control': 'private, no-store',
	'X-Robots-Tag': 'noindex',
}
