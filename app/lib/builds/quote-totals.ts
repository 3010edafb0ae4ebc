import { vatInGross } from '../vat'

/**
 * A build quote's sums (issue 59 items 4 and 7, decision 0037). Prices include VAT at the standard
 * rate (a pond build is standard-rated), so the VAT is shown as included in the total, worked out
 * once from the total as the VAT invoices do. Pure: the page, the PDF and acceptance use the same.
 */
export type PricedLineInput = {
	section: string
	quantity: number
	unitPence: number
	optional: boolean
}

/** The most a quote may come to: far above any build, safely inside a PostgreSQL integer. */
export const MAX_QUOTE_PENCE = 1_000_000_000

export const lineAmount = (line: Pick<PricedLineInput, 'quantity' | 'unitPence'>) =>
	line.quantity * line.unitPence

export type QuoteSection<L> = {
	name: string
	lines: Array<L & { amountPence: number; included: boolean }>
	/** The lines included (required ones and the options chosen). */
	subtotalPence: number
}

/**
 * The quote for one choice of options: its sections in first-seen order (a section named twice
 * is one section), each section's subtotal, the total and the VAT included in it.
 */
export function quoteTotals<L extends PricedLineInput>(lines: L[], included: (line: L) => boolean) {
	const sections = new Map<string, QuoteSection<L>>()
	let totalPence = 0
	for (const line of lines) {
		const name = line.section.trim() || 'Other'
		const section = sections.get(name) ?? { name, lines: [], subtotalPence: 0 }
		sections.set(name, section)
		const inQuote = !line.optional || included(line)
		const amountPence = lineAmount(line)
		section.lines.push({ ...line, amountPence, included: inQuote })
		if (inQuote) {
			section.subtotalPence += amountPence
			totalPence += amountPence
		}
	}
	return { sections: [...sections.values()], totalPence, vatPence: vatInGross(totalPence) }
}

/** The total with none of the options and with all of them: the schedule must suit both. */
export function totalRange(lines: PricedLineInput[]) {
	return {
		fewestPence: quoteTotals(lines, () => false).totalPence,
		mostPence: quoteTotals(lines, () => true).totalPence,
	}
}

/**
 * Which optional lines are in: the ids asked for (the customer's ticks, only the quote's own
 * optional lines count), or each line's stored choice when nothing was asked.
 */
export function chosenLines<L extends { id: number; optional: boolean; chosen: boolean }>(
	lines: L[],
	asked: number[] | null,
) {
	const ids = asked ? new Set(asked) : null
	return new Set(
		lines.filter((l) => l.optional && (ids ? ids.has(l.id) : l.chosen)).map((l) => l.id),
	)
}

/** Option ids from a query string or a form (`option=12&option=15`): anything else is ignored. */
export function optionIds(values: readonly unknown[]): number[] {
	return [
		...new Set(
			values
				.map((v) => (typeof v === 'string' && /^\d{1,9}$/.test(v) ? Number(v) : null))
				.filter((v): v is number => v !== null),
		),
	].slice(0, 200)
}
