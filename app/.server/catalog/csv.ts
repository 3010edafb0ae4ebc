import { parse } from 'csv-parse/sync'
import { CSV_COLUMNS, CSV_HEADER_HINT, OPTIONAL_CSV_COLUMNS } from '~/lib/catalog/columns'
import type { Product } from '~/lib/catalog/product'
import { describeIssue, duplicateCodeMessage, ProductRowSchema } from '~/lib/catalog/product-schema'
import type { CategoryChecker } from './categories-read'

export { parseOptionPairs } from '~/lib/catalog/product-schema'
export { CSV_COLUMNS, OPTIONAL_CSV_COLUMNS }

export type RowError = { line: number; reason: string }
export type CatalogParseResult =
	| { ok: true; products: Product[]; errors: RowError[] }
	| { ok: false; error: string }

/**
 * Parses and validates the catalogue CSV (quoted fields, commas in quotes, BOM, CRLF). A wrong
 * header refuses the whole file; a bad row is skipped and reported with its line number. With
 * `category`, a row's category must be one of the shop's (an old slug is read as its new one).
 */
export function parseCatalogCsv(
	input: string | Buffer,
	category?: CategoryChecker,
): CatalogParseResult {
	if (typeof input !== 'string') {
		const badLine = firstNonUtf8Line(input)
		if (badLine) {
			return {
				ok: false,
				error: `The file is not UTF-8 text (first bad character on line ${badLine}). Save it as "CSV UTF-8" and try again.`,
			}
		}
	}
	// No text file holds NUL (a spreadsheet's binary format does), and PostgreSQL refuses it in
	// the uploads table: refused with the file, before any row is read.
	const nulAt = String(input).indexOf('\0')
	if (nulAt !== -1) {
		const line = String(input).slice(0, nulAt).split('\n').length
		return {
			ok: false,
			error: `The file holds a NUL character (line ${line}), so it is not a text CSV. Save it as "CSV UTF-8" and try again.`,
		}
	}
	if (
		String(input)
			.replace(/^\uFEFF/, '')
			.trim() === ''
	) {
		return { ok: false, error: 'The file is empty.' }
	}
	// Each row is checked as it is read and only its product kept: the whole file's records at once
	// (50,000 rows, each with its parse info) came to about 60 MB beside everything else.
	let columns: string[] | undefined
	const products: Product[] = []
	const errors: RowError[] = []
	const seenCodes = new Map<string, number>()
	const row = (record: string[], line: number, cells: string[]) => {
		if (record.length !== cells.length) {
			errors.push({ line, reason: `has ${record.length} fields, expected ${cells.length}` })
			return
		}
		const raw = Object.fromEntries(cells.map((column, i) => [column, record[i] ?? '']))
		const parsed = ProductRowSchema.safeParse(raw)
		if (!parsed.success) {
			errors.push({ line, reason: parsed.error.issues.map(describeIssue).join('; ') })
			return
		}
		const known = category?.(parsed.data.category)
		if (known && !known.ok) {
			errors.push({ line, reason: known.message })
			return
		}
		if (known) parsed.data.category = known.slug
		const firstLine = seenCodes.get(parsed.data.code)
		if (firstLine !== undefined) {
			errors.push({
				line,
				reason: duplicateCodeMessage(parsed.data.code, `first on line ${firstLine}`),
			})
			return
		}
		seenCodes.set(parsed.data.code, line)
		products.push({ id: String(products.length + errors.length), ...parsed.data })
	}
	let missing: string[] = []
	try {
		parse(input, {
			bom: true,
			relax_column_count: true,
			skip_empty_lines: true,
			on_record: (record: string[], { lines }: { lines: number }) => {
				if (!columns) {
					columns = record.map((c) => c.trim().toLowerCase())
					missing = CSV_COLUMNS.filter((c) => !columns?.includes(c))
				} else if (missing.length === 0) {
					row(record, lines, columns)
				}
				return null
			},
		})
	} catch (error) {
		return { ok: false, error: `The file is not valid CSV: ${(error as Error).message}` }
	}
	if (missing.length > 0 || !columns) {
		return {
			ok: false,
			error: `The header is missing column(s): ${(missing.length > 0 ? missing : CSV_COLUMNS).join(', ')}. Expected columns: ${CSV_HEADER_HINT}.`,
		}
	}
	return { ok: true, products, errors }
}

/** The line of the first byte sequence that is not UTF-8, or 0 when the whole file is UTF-8. */
function firstNonUtf8Line(bytes: Buffer) {
	try {
		new TextDecoder('utf-8', { fatal: true }).decode(bytes)
		return 0
	} catch {
		const text = new TextDecoder('utf-8').decode(bytes)
		const at = text.indexOf('\uFFFD')
		return text.slice(0, Math.max(0, at)).split('\n').length
	}
}
