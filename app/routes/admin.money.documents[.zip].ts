import { Readable } from 'node:stream'
import { requireAccess } from '~/.server/auth/guards'
import { periodPdfZip } from '~/.server/books/pdf-zip'
import { getBooksSettings } from '~/.server/books/settings'
import { choosePeriod } from '~/lib/books/periods'
import { londonDate } from '~/lib/london-time'
import type { Route } from './+types/admin.money.documents[.zip]'

/**
 * GET /admin/money/documents.zip?<the page's period>: every invoice, receipt and credit note of
 * the period as PDFs in one ZIP, streamed (issue 61 item 3). A bad period is a 400 with the
 * page's message; an empty period a valid empty ZIP.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
	await requireAccess(request, context, 'admin/money/documents.zip')
	const { quarterStartMonth } = await getBooksSettings(context.db)
	const choice = choosePeriod(
		new URL(request.url).searchParams,
		londonDate(new Date()),
		quarterStartMonth,
	)
	if (!choice.ok)
		return new Response(choice.message, {
			status: 400,
			headers: {
				'Content-Type': 'text/plain; charset=utf-8',
				'Cache-Control': 'private, no-store',
			},
		})
	const { from, to } = choice.period
	const zip = await periodPdfZip(context.db, choice.period, (error) =>
		context.logger.error({ err: error }, 'books: a PDF for the ZIP failed'),
	)
	return new Response(Readable.toWeb(zip.stream) as ReadableStream<Uint8Array>, {
		headers: {
			'Content-Type': 'application/zip',
			'Content-Disposition': `attachment; filename="documents-${from}-to-${to}.zip"`,
			'Cache-Control': 'private, no-store',
		},
	})
}
