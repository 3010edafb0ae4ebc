import type { Route } from './+types/robots[.]txt'

export function loader({ context }: Route.LoaderArgs) {
	const body = [
		'User-agent: *',
		'Disallow: /admin',
		// The sign-in page and the cart are fine to crawl (a crawler sees no one's data); what is
		// under /auth/ (reset links, data downloads) is not.
		'Disallow: /auth/',
		'Disallow: /checkout',
		'Disallow: /checkout-auth',
		'Disallow: /order-confirmation',
		'Disallow: /api/',
		'Disallow: /pay/',
		'',
		`Sitemap: ${context.env.SITE_URL}/sitemap.xml`,
		'',
	].join('\n')
	return new Response(body, {
		headers: {
			'Content-Type': 'text/plain; charset=utf-8',
			'Cache-Control': 'public, max-age=3600',
		},
	})
}
