import { penceToInput } from '../money'
import { MAX_QUOTE_LINES, MAX_QUOTE_STAGES, type QuoteContent } from './quote-schemas'

/**
 * The quote builder's rows (issue 59 item 7, decision 0037): the posted form read into rows and
 * back. Pure; the builder's schema (quote-schemas.ts) checks them.
 */

/** The builder's rows as typed: text, so a form sent back with an error shows what was typed. */
export type QuoteLineRow = {
	section: string
	description: string
	quantity: string
	price: string
	optional: boolean
	productId: string
}
export type QuoteStageRow = {
	label: string
	kind: 'percent' | 'fixed'
	amount: string
	due: string
}
export type QuoteFormState = {
	title: string
	intro: string
	terms: string
	/** 'YYYY-MM-DD', UK date. */
	validUntil: string
	lines: QuoteLineRow[]
	stages: QuoteStageRow[]
}

const ROW = /^(lines|stages)\.(\d{1,3})\.(\w+)$/

/**
 * The posted builder as rows (pure), blank ones included (the buttons name rows by position); at
 * most 100 lines and 10 stages are read, whatever was posted.
 */
export function readQuoteForm(values: Record<string, string>): QuoteFormState {
	const lines = new Map<number, Record<string, string>>()
	const stages = new Map<number, Record<string, string>>()
	for (const [key, value] of Object.entries(values)) {
		const m = ROW.exec(key)
		if (!m) continue
		const rows = m[1] === 'lines' ? lines : stages
		const i = Number(m[2])
		rows.set(i, { ...rows.get(i), [m[3]!]: value })
	}
	const ordered = (rows: Map<number, Record<string, string>>, max: number) =>
		[...rows.entries()]
			.sort(([a], [b]) => a - b)
			.map(([, row]) => row)
			.slice(0, max + 1) // one more than allowed, so the limit's message shows
	return {
		title: values.title ?? '',
		intro: values.intro ?? '',
		terms: values.terms ?? '',
		validUntil: values.validUntil ?? '',
		lines: ordered(lines, MAX_QUOTE_LINES).map((r) => ({
			section: r.section ?? '',
			description: r.description ?? '',
			quantity: r.quantity ?? '',
			price: r.price ?? '',
			optional: r.optional === 'on' || r.optional === '1',
			productId: r.productId ?? '',
		})),
		stages: ordered(stages, MAX_QUOTE_STAGES).map((r) => ({
			label: r.label ?? '',
			kind: r.kind === 'fixed' ? ('fixed' as const) : ('percent' as const),
			amount: r.amount ?? '',
			due: r.due ?? '',
		})),
	}
}

/** Rows left wholly blank (an 'Add line' not filled in) are dropped before saving. */
export const withoutBlankRows = (state: QuoteFormState): QuoteFormState => ({
	...state,
	lines: state.lines.filter((r) => r.description.trim() || r.price.trim()),
	stages: state.stages.filter((r) => r.label.trim() || r.amount.trim()),
})

/** The rows as the schema reads them (the price column is `unitPence` there). */
export const formForSchema = (state: QuoteFormState) => ({
	...state,
	lines: state.lines.map(({ price, ...line }) => ({ ...line, unitPence: price })),
})

/** A saved quote or template as the builder's rows. */
export function formFromContent(content: QuoteContent, validUntil: string): QuoteFormState {
	return {
		title: content.title,
		intro: content.intro,
		terms: content.terms,
		validUntil,
		lines: content.lines.map((l) => ({
			section: l.section,
			description: l.description,
			quantity: String(l.quantity),
			price: penceToInput(l.unitPence),
			optional: l.optional,
			productId: l.productId ?? '',
		})),
		stages: content.schedule.map((s) => ({
			label: s.label,
			kind: s.fixedPence === undefined ? 'percent' : 'fixed',
			amount: s.fixedPence === undefined ? String(s.percent) : penceToInput(s.fixedPence),
			due: s.due,
		})),
	}
}
