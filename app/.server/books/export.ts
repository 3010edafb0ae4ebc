import type { Db } from '~/.server/db/client'
import { type ExportFormat, headerOf, rowsOf } from '~/lib/books/export-layouts'
import { csvRow } from '~/lib/csv'
import { bookDocuments } from './documents'
import { getBooksSettings } from './settings'

/**
 * A period's documents as CSV in one of the export layouts, a document at a time (the documents
 * are read in batches): the header row first, so an empty period is a file with its header only.
 * Cells go through `csvRow`, which defuses anything a spreadsheet would run as a formula.
 */
export async function* exportLines(
	db: Db,
	format: ExportFormat,
	range: { from: string; to: string },
) {
	const { salesAccountCode } = await getBooksSettings(db)
	// A byte-order mark so Excel reads the £ signs and accents as UTF-8.
	yield `\uFEFF${csvRow(headerOf(format))}`
	for await (const doc of bookDocuments(db, range, 1000))
		yield rowsOf(format, doc, { accountCode: salesAccountCode }).map(csvRow).join('')
}
