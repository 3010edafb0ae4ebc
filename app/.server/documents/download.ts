import type { Db } from '~/.server/db/client'
import { DOCUMENT_NUMBER, documentFileName } from '~/lib/documents'
import { findDocument } from './issue'
import { renderDocumentPdf } from './pdf'
import { findProjectDocument } from './project-documents'

/**
 * One order's document as a PDF download, or a 404 for anything else (another order's number, a
 * made-up one). The caller has already checked who may see the order.
 */
export async function documentDownload(
	db: Db,
	orderId: string,
	number: string,
	of: 'order' | 'project' = 'order',
) {
	const find = of === 'order' ? findDocument : findProjectDocument
	const document = DOCUMENT_NUMBER.test(number) ? await find(db, orderId, number) : undefined
	if (!document) throw new Response('Not found', { status: 404 })
	const pdf = await renderDocumentPdf(document.content)
	return new Response(new Uint8Array(pdf), {
		headers: {
			'Content-Type': 'application/pdf',
			'Content-Disposition': `attachment; filename="${documentFileName(document.number)}"`,
			'Content-Length': String(pdf.length),
			// Customers' names and addresses: never kept by a browser or proxy cache.
			'Cache-Control': 'private, no-store',
		},
	})
}
