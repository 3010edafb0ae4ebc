import { parse } from 'csv-parse/sync'
import { z } from 'zod'
import { CSV_COLUMNS, CSV_HEADER_HINT, OPTIONAL_CSV_COLUMNS } from '~/lib/catalog/columns'
import type { Product, ProductOption } from '~/lib/catalog/product'
import { PRICE_NOT_AVAILABLE } from '~/lib/catalog/product'
import { CATEGORIES } from '~/lib/categories'
import { SHIPPING_CLASSES } from '~/lib/delivery/shipping-class'
import { parsePriceText } from '~/lib/money'
import { safeText } from '~/lib/text-safety'

export { CSV_COLUMNS, OPTIONAL_CSV_COLUMNS }

export type RowError = { line: number; reason: string }
export type CatalogParseResult =
	| { ok: true; products: Product[]; errors: RowError[] }
	| { ok: false; error: string }

const FORMULA = /^[=+\-@]/
const text = (max: number) =>
	safeText({ message: 'contains a control character' })
		.trim()
		.max(max, `is longer than ${max} characters`)
		// A spreadsheet would run such a cell when the catalogue is opened (CSV injection).
		.refine((v) => !FORMULA.test(v), 'starts like a spreadsheet formula (=, +, - or @)')
const list = (value: string) =>
	value
		.split(',')
		.map((item) => item.trim())
		.filter(Boolean)

/** Alternating name,price pairs; pairs whose price is not a number are ignored (spec). */
export function parseOptionPairs(value: string): ProductOption[] {
	const parts = value.split(',').map((part) => part.trim())
	const options: ProductOption[] = []
	for (let i = 0; i + 1 < parts.length; i += 2) {
		const name = parts[i]!
		const pricePence = parsePriceText(parts[i + 1])
		if (name && pricePence !== null && !options.some((o) => o.name === name)) {
			options.push({ name, pricePence })
		}
	}
	return options
}

const RowSchema = z
	.object({
		name: text(300).min(1, 'has no name'),
		code: text(100).min(1, 'has no code'),
		image_url: text(500).regex(
			/^(\/[\w\-./]+|https:\/\/\S+)$/,
			'image_url is not a path or https URL',
		),
		product_url: text(1000).refine(
			(v) => v === '' || /^https?:\/\/\S+$/.test(v),
			'product_url is not an http(s) URL',
		),
		vendor: text(100),
		category: z.enum(CATEGORIES, { error: `category must be one of ${CATEGORIES.join(', ')}` }),
		price: text(30),
		available_sizes: text(2000),
		option_price_pairs: text(4000),
		selected_size: text(100),
		selected_option: text(100),
		original_name: text(300),
		shipping_class: safeText()
			.trim()
			.toLowerCase()
			.default('')
			.refine((v) => v === '' || (SHIPPING_CLASSES as readonly string[]).includes(v), {
				message: `shipping_class must be one of ${SHIPPING_CLASSES.join(', ')} (or empty)`,
			}),
	})
	.transform((row, ctx) => {
		const notAvailable =
			row.price === '' || row.price.toLowerCase() === PRICE_NOT_AVAILABLE.toLowerCase()
		const pricePence = notAvailable ? null : parsePriceText(row.price)
		if (!notAvailable && pricePence === null) {
			ctx.addIssue({ code: 'custom', message: `price "${row.price}" is not an amount` })
			return z.NEVER
		}
		const sizes = list(row.available_sizes)
		const options = parseOptionPairs(row.option_price_pairs)
		return {
			name: row.name,
			code: row.code,
			imageUrl: row.image_url,
			productUrl: row.product_url,
			vendor: row.vendor,
			category: row.category,
			pricePence,
			sizes,
			options,
			selectedSize: sizes.includes(row.selected_size) ? row.selected_size : (sizes[0] ?? ''),
			selectedOption: options.some((o) => o.name === row.selected_option)
				? row.selected_option
				: (options[0]?.name ?? ''),
			originalName: row.original_name || row.name,
			shippingClass: row.shipping_class || null,
		}
	})

/**
 * Parses and validates the catalogue CSV (quoted fields, commas in quotes, BOM, CRLF). A wrong
 * header refuses the whole file; a bad row is skipped and reported with its line number.
 */
export function parseCatalogCsv(input: string | Buffer): CatalogParseResult {
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
	let records: Array<{ record: string[]; info: { lines: number } }>
	try {
		records = parse(input, {
			bom: true,
			info: true,
			relax_column_count: true,
			skip_empty_lines: true,
		}) as unknown as typeof records
	} catch (error) {
		return { ok: false, error: `The file is not valid CSV: ${(error as Error).message}` }
	}
	const [header, ...rows] = records
	const columns = header?.record.map((c) => c.trim().toLowerCase()) ?? []
	const missing = CSV_COLUMNS.filter((c) => !columns.includes(c))
	if (missing.length > 0) {
		return {
			ok: false,
			error: `The header is missing column(s): ${missing.join(', ')}. Expected columns: ${CSV_HEADER_HINT}.`,
		}
	}
	const products: Product[] = []
	const errors: RowError[] = []
	const seenCodes = new Map<string, number>()
	rows.forEach(({ record, info }, index) => {
		const line = info.lines
		if (record.length !== columns.length) {
			errors.push({ line, reason: `has ${record.length} fields, expected ${columns.length}` })
			return
		}
		const raw = Object.fromEntries(columns.map((column, i) => [column, record[i] ?? '']))
		const parsed = RowSchema.safeParse(raw)
		if (!parsed.success) {
			errors.push({ line, reason: parsed.error.issues.map(describeIssue).join('; ') })
			return
		}
		const firstLine = seenCodes.get(parsed.data.code)
		if (firstLine !== undefined) {
			errors.push({
				line,
				reason: `duplicate code ${parsed.data.code} (first on line ${firstLine})`,
			})
			return
		}
		seenCodes.set(parsed.data.code, line)
		products.push({ id: String(index), ...parsed.data })
	})
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

function describeIssue(issue: z.core.$ZodIssue) {
	const field = issue.path.join('.')
	return field && !issue.message.includes(field) ? `${field} ${issue.message}` : issue.message
}
