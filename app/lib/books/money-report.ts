import { categoryLabel } from '~/lib/categories'
import { type ReportDocument, signOf } from './book-document'
import { bucketOf, bucketsOf } from './periods'

/** A figure and the documents behind it (each links to its PDF). */
export type Figure = { pence: number; documents: string[] }

export type MoneyReport = {
	/** Invoices and receipts, VAT included. */
	grossSales: Figure
	/** Credit notes, VAT included (a positive amount, taken off). */
	refunds: Figure
	netSales: Figure
	/** VAT on VAT invoices less their credit notes' (Box 1 of the same period). */
	vat: Figure
	/** The delivery lines, VAT included, net of delivery given back. */
	delivery: Figure
	/** Net sales (VAT included) by how the order was paid, and by product category. */
	byMethod: Array<{ key: string } & Figure>
	byCategory: Array<{ key: string } & Figure>
	/** Net sales from pond builds ('builds': their stage invoices) against shop orders ('shop'). */
	bySource: Array<{ key: string } & Figure>
	/** Net sales per week or month, every bucket of the period in order. */
	chart: Array<{ key: string; pence: number }>
}

const figure = (): Figure => ({ pence: 0, documents: [] })

function add(f: Figure, pence: number, number: string) {
	f.pence += pence
	if (f.documents[f.documents.length - 1] !== number) f.documents.push(number)
}

function grouped(map: Map<string, Figure>) {
	return [...map.entries()]
		.map(([key, f]) => ({ key, ...f }))
		.sort((a, b) => b.pence - a.pence || a.key.localeCompare(b.key))
}

/** The money report of a period from its documents (by tax point), all in whole pence. */
export function moneyReport(
	period: { from: string; to: string },
	documents: Iterable<ReportDocument>,
): MoneyReport {
	const report = {
		grossSales: figure(),
		refunds: figure(),
		netSales: figure(),
		vat: figure(),
		delivery: figure(),
	}
	const methods = new Map<string, Figure>()
	const categories = new Map<string, Figure>()
	const sources = new Map<string, Figure>()
	const chart = new Map(bucketsOf(period).map((key) => [key, 0]))
	const into = (map: Map<string, Figure>, key: string) => {
		const found = map.get(key)
		if (found) return found
		const made = figure()
		map.set(key, made)
		return made
	}
	for (const doc of documents) {
		if (doc.day < period.from || doc.day > period.to) continue
		const sign = signOf(doc)
		const signed = sign * doc.grossPence
		add(sign > 0 ? report.grossSales : report.refunds, doc.grossPence, doc.number)
		add(report.netSales, signed, doc.number)
		if (doc.vatPence !== null) add(report.vat, sign * doc.vatPence, doc.number)
		add(into(methods, doc.provider), signed, doc.number)
		add(into(sources, sourceOf(doc)), signed, doc.number)
		for (const line of doc.lines) {
			add(into(categories, line.category), sign * line.grossPence, doc.number)
			if (line.category === 'delivery') add(report.delivery, sign * line.grossPence, doc.number)
		}
		const bucket = bucketOf(doc.day, period)
		chart.set(bucket, (chart.get(bucket) ?? 0) + signed)
	}
	return {
		...report,
		byMethod: grouped(methods),
		byCategory: grouped(categories),
		bySource: grouped(sources),
		chart: [...chart.entries()].map(([key, pence]) => ({ key, pence })),
	}
}

/** Whether a document is a pond build's (its project's id, 'PB-…') or a shop order's. */
export const sourceOf = (doc: Pick<ReportDocument, 'orderId'>) =>
	doc.orderId.startsWith('PB-') ? 'builds' : 'shop'

/** How the report names where the money came from. */
export const sourceLabel = (key: string) => (key === 'builds' ? 'Pond builds' : 'Shop orders')

/** How the report names a payment method. */
export function methodLabel(provider: string) {
	if (provider === 'stripe') return 'Card (Stripe)'
	if (provider === 'test') return 'Test provider'
	if (provider === 'manual') return 'Marked paid by hand (bank transfer or other)'
	return provider
}

/** The headline figures in the order the page shows them, with their names. */
export const FIGURES = [
	['grossSales', 'Gross sales'],
	['refunds', 'Refunds'],
	['netSales', 'Net sales'],
	['vat', 'VAT on sales'],
	['delivery', 'Delivery income'],
] as const

/**
 * The documents behind one figure the page links to (`?show=netSales`, `method:stripe`,
 * `category:pumps`, `source:builds`), with its name; null for anything else (the whole period's list).
 */
export function documentsBehind(report: MoneyReport, show: string | null) {
	if (!show) return null
	const headline = FIGURES.find(([key]) => key === show)
	if (headline) return { label: headline[1], documents: report[headline[0]].documents }
	const [group, key] = show.split(':', 2)
	if (group === 'method') {
		const found = report.byMethod.find((m) => m.key === key)
		return found ? { label: methodLabel(found.key), documents: found.documents } : null
	}
	if (group === 'source') {
		const found = report.bySource.find((c) => c.key === key)
		return found ? { label: sourceLabel(found.key), documents: found.documents } : null
	}
	if (group === 'category') {
		const found = report.byCategory.find((c) => c.key === key)
		return found
			? { label: `Category: ${categoryLabel(found.key)}`, documents: found.documents }
			: null
	}
	return null
}
