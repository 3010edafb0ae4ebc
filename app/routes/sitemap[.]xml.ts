import { renderSitemap } from '~/.server/wiring/sitemap'
import type { Route } from './+types/sitemap[.]xml'

export async function loader({ context }: Route.LoaderArgs) {
	return new Response(await renderSitemap(context), {
		headers: {
			'Content-Type': 'application/xml; charset=utf-8',
			'Cache-Control': 'public, max-age=3600',
		},
	})
}
