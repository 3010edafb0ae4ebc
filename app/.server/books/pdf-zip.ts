import { Readable } from 'node:stream'
import { and, asc, eq, gte, lt, ne } from 'drizzle-orm'
import { ZipFile } from 'yazl'
import type { Db } from '~/.server/db/client'
import { orderDocuments } from '~/.server/db/schema'
import { renderDocumentPdf } from '~/.server/documents/pdf'
import { documentFileName } from '~/lib/documents'
import { instantsOf } from './documents'

/**
 * A period's documents as one ZIP of PDFs, each named by its number, in tax-point order (issue 61
 * item 3; yazl, decision 0031). The PDFs are not stored — they are drawn from each document's
 * frozen content — so each entry is drawn only when the ZIP reaches it (`addReadStreamLazy`) and
 * the stream waits for the reader: one PDF is in memory at a time, however long the period.
 * Entries are stored, not deflated again: a PDF's streams are compressed already. An empty
 * period is a valid empty ZIP.
 */
export async function periodPdfZip(
	db: Db,
	range: { from: string; to: string },
	onError: (error: unknown) => void,
) {
	const { start, end } = instantsOf(range)
	// The numbers alone (a year: 20,000 short rows); the contents are read one at a time.
	const documents = await db
		.select({ number: orderDocuments.number, issuedAt: orderDocuments.issuedAt })
		.from(orderDocuments)
		.where(
			and(
				gte(orderDocuments.issuedAt, start),
				lt(orderDocuments.issuedAt, end),
				// As the books: a build's final account has no tax point of its own (decision 0038).
				ne(orderDocuments.kind, 'final_account'),
			),
		)
		.orderBy(asc(orderDocuments.issuedAt), asc(orderDocuments.number))
	const zip = new ZipFile()
	for (const doc of documents)
		zip.addReadStreamLazy(
			documentFileName(doc.number),
			{ compress: false, mtime: doc.issuedAt },
			(done) => {
				pdfOf(db, doc.number).then(
					(pdf) => done(null, Readable.from([pdf])),
					(error: unknown) => done(error, Readable.from([])),
				)
			},
		)
	// A PDF that cannot be drawn ends the download as a failed one, never the process.
	const output = zip.outputStream as Readable
	zip.on('error', (error: unknown) => {
		onError(error)
		output.destroy(error instanceof Error ? error : new Error(String(error)))
	})
	zip.end()
	return { count: documents.length, stream: output }
}

async function pdfOf(db: Db, number: string) {
	const [row] = await db
		.select({ content: orderDocuments.content })
		.from(orderDocuments)
		.where(eq(orderDocuments.number, number))
	if (!row) throw new Error(`document ${number} is gone`)
	return renderDocumentPdf(row.content)
}
