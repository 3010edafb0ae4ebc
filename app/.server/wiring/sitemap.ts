import type { AppLoadContext } from 'react-router'
import { publishedSlugs } from '~/.server/portfolio/projects'
import { categoryPath, productPath } from '~/lib/catalog/product'

export type SitemapEntry = { path: string; lastModified?: Date; priority?: number }

/** A feature that owns pages (catalogue, portfolio, …) adds a source here. */
export type SitemapSource = (context: AppLoadContext) => Promise<SitemapEntry[]> | SitemapEntry[]

const STATIC_PAGES: SitemapEntry[] = [
	{ path: '/', priority: 1 },
	{ path: '/about', priority: 0.7 },
	{ path: '/services', priority: 0.8 },
	{ path: '/portfolio', priority: 0.8 },
	{ path: '/pond-products', priority: 0.9 },
	{ path: '/contact', priority: 0.7 },
	{ path: '/privacy-policy', priority: 0.2 },
	{ path: '/terms-and-conditions', priority: 0.2 },
]

const catalogPages: SitemapSource = async (context) => [
	...(await context.catalog.shownCategories()).map((c) => ({
		path: categoryPath(c.slug),
		priority: 0.8,
	})),
	...(await context.catalog.all()).map((product) => ({
		path: productPath(product),
		priority: 0.6,
	})),
]

/** Published projects only: a draft's address answers 404. */
const portfolioPages: SitemapSource = async (context) =>
	(await publishedSlugs(context.db)).map((project) => ({
		path: `/portfolio/${project.slug}`,
		lastModified: project.updatedAt,
		priority: 0.7,
	}))

export const SITEMAP_SOURCES: SitemapSource[] = [() => STATIC_PAGES, portfolioPages, catalogPages]

const escapeXml = (value: string) => value.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`)

export async function renderSitemap(context: AppLoadContext, sources = SITEMAP_SOURCES) {
	const entries = (await Promise.all(sources.map((source) => source(context)))).flat()
	const urls = entries.map((entry) => {
		const parts = [`<loc>${escapeXml(`${context.env.SITE_URL}${entry.path}`)}</loc>`]
		if (entry.lastModified) parts.push(`<lastmod>${entry.lastModified.toISOString()}</lastmod>`)
		if (entry.priority !== undefined)
			parts.push(`<priority>${entry.priority.toFixed(1)}</priority>`)
		return `<url>${parts.join('')}</url>`
	})
	return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`
}
