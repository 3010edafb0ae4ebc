import { data } from 'react-router'
import { projectAccessFor } from '~/.server/builds/project-access'
import { customerQuote } from '~/.server/builds/quote-pages'
import { renderQuotePdf } from '~/.server/builds/quote-pdf'
import { currentBusinessDetails } from '~/.server/business/details'
import { PROJECT_NOT_FOUND } from '~/lib/builds/project-paths'
import { QUOTE_VERSION_PATTERN } from '~/lib/builds/quote-schemas'
import { optionIds } from '~/lib/builds/quote-totals'
import type { Route } from './+types/account.projects.$buildId.quotes.$version.pdf'

/** A quote's PDF for its customer (the project page's access rule), with the options asked. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
	const access = await projectAccessFor(request, context, params.buildId)
	if (!access || !QUOTE_VERSION_PATTERN.test(params.version))
		throw data(PROJECT_NOT_FOUND, { status: 404 })
	const search = new URL(request.url).searchParams
	const asked = search.has('update') ? optionIds(search.getAll('option')) : null
	const view = await customerQuote(
		context.db,
		access.project.id,
		Number(params.version),
		asked,
		new Date(),
	)
	if (!view) throw data(PROJECT_NOT_FOUND, { status: 404 })
	const pdf = await renderQuotePdf(view, access.project, await currentBusinessDetails(context.db))
	return new Response(new Uint8Array(pdf), {
		headers: {
			'Content-Type': 'application/pdf',
			'Content-Disposition': `inline; filename="quote-${access.project.id}-v${view.version}.pdf"`,
			'Cache-Control': 'private, no-store',
			'X-Robots-Tag': 'noindex',
			'X-Content-Type-Options': 'nosniff',
		},
	})
}
