import { z } from 'zod'
import { parsePriceText } from '../money'
import { safeText } from '../text-safety'
import { wholeNumber } from '../whole-number'
import { type ScheduleStage, scheduleProblem } from './payment-schedule'
import { MAX_QUOTE_PENCE, totalRange } from './quote-totals'

/**
 * The quote forms (issue 59 items 4 and 7, decision 0037): the builder, acceptance, and saving a
 * template; one schema each, shared by the page and the server. The builder posts the whole form
 * every time (it works without JavaScript): rows are named `lines.3.price`, `stages.1.due`, so a
 * field's error key is its input's name.
 */
/** A quote's number in the customer's addresses (its version) and the builder's (its id). */
export const QUOTE_VERSION_PATTERN = /^[1-9]\d{0,5}$/
export const QUOTE_ID_PATTERN = /^[1-9]\d{0,8}$/

export const MAX_QUOTE_LINES = 100
export const MAX_QUOTE_STAGES = 10
export const QUOTE_STAGE_DUE = ['acceptance', 'stage', 'completion'] as const
export const STAGE_DUE_LABELS: Record<(typeof QUOTE_STAGE_DUE)[number], string> = {
	acceptance: 'On acceptance (deposit)',
	stage: 'When the stage is reached',
	completion: 'On completion',
}

/** What a draft, a template (without the date) and a copy carry. */
export type QuoteContent = {
	title: string
	intro: string
	terms: string
	schedule: ScheduleStage[]
	lines: Array<{
		section: string
		description: string
		quantity: number
		unitPence: number
		optional: boolean
		productId?: string | null
	}>
}

const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/
const MAX_UNIT_PENCE = 10_000_000 // £100,000 a unit

const text = (label: string, max: number, lineBreaks = false) =>
	safeText({ allowLineBreaks: lineBreaks })
		.trim()
		.max(max, `Please keep the ${label} under ${max.toLocaleString('en-GB')} characters`)

const pounds = (message: string, max: number) =>
	safeText()
		.transform((v) => parsePriceText(v))
		.refine((v): v is number => v !== null && v <= max, message)

const LineSchema = z.object({
	section: text('section name', 80).min(1, 'Name the section'),
	description: text('description', 300).min(1, 'Describe the line'),
	quantity: wholeNumber('Enter a whole number from 1 to 9,999', { min: 1, max: 9999 }),
	unitPence: pounds('Enter a price such as 1250.00 (up to £100,000)', MAX_UNIT_PENCE),
	optional: z.boolean(),
	productId: text('product code', 64).transform((v) => v || null),
})

const StageSchema = z
	.object({
		label: text('stage name', 80).min(1, 'Name the stage'),
		kind: z.enum(['percent', 'fixed'], { error: 'Choose a percentage or a fixed sum' }),
		amount: safeText().trim().max(20, 'Enter a percentage or a sum'),
		due: z.enum(QUOTE_STAGE_DUE, { error: 'Choose when the stage is due' }),
	})
	.transform((s, ctx): ScheduleStage => {
		if (s.kind === 'percent') {
			const percent = /^\d{1,3}$/.test(s.amount) ? Number(s.amount) : Number.NaN
			if (!(percent >= 1 && percent <= 100))
				ctx.addIssue({
					code: 'custom',
					path: ['amount'],
					message: 'Enter a whole percentage from 1 to 100',
				})
			return { label: s.label, due: s.due, percent }
		}
		const fixedPence = parsePriceText(s.amount)
		if (fixedPence === null || fixedPence < 1 || fixedPence > MAX_QUOTE_PENCE)
			ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Enter a sum such as 2500.00' })
		return { label: s.label, due: s.due, fixedPence: fixedPence ?? 0 }
	})

/** The builder's 'Save' and 'Send': everything checked, the schedule against both totals. */
export const QuoteBuilderSchema = z
	.object({
		title: text('title', 120).min(1, 'Give the quote a title'),
		intro: text('introduction', 2000, true),
		terms: text('terms', 10_000, true).min(1, 'Write the terms (the default is a good start)'),
		validUntil: safeText()
			.regex(DATE, 'Enter the date as YYYY-MM-DD')
			// A real day this century: 31 February is not one, and a far-off year is a typing slip.
			.refine(
				(v) => v.startsWith('20') && new Date(`${v}T12:00:00Z`).toISOString().startsWith(v),
				'Enter a real date, such as 2027-03-31',
			),
		lines: z
			.array(LineSchema)
			.min(1, 'Add at least one line')
			.max(MAX_QUOTE_LINES, `A quote has at most ${MAX_QUOTE_LINES} lines`),
		stages: z
			.array(StageSchema)
			.min(1, 'Add at least one payment stage')
			.max(MAX_QUOTE_STAGES, `A schedule has at most ${MAX_QUOTE_STAGES} stages`),
	})
	.superRefine((quote, ctx) => {
		const { fewestPence, mostPence } = totalRange(quote.lines)
		if (mostPence > MAX_QUOTE_PENCE) {
			ctx.addIssue({ code: 'custom', path: ['lines'], message: 'The total is too large' })
			return
		}
		if (fewestPence <= 0) {
			ctx.addIssue({
				code: 'custom',
				path: ['lines'],
				message: 'The lines that are not optional must come to more than £0.00',
			})
			return
		}
		const problem =
			scheduleProblem(fewestPence, quote.stages) ??
			(mostPence !== fewestPence ? scheduleProblem(mostPence, quote.stages) : null)
		if (problem)
			ctx.addIssue({
				code: 'custom',
				path: ['stages'],
				message:
					mostPence === fewestPence
						? problem
						: `${problem} (The schedule must suit the total with no options and with every option.)`,
			})
	})
export type QuoteBuilderInput = z.output<typeof QuoteBuilderSchema>

export const toContent = (q: QuoteBuilderInput): QuoteContent & { validUntil: string } => ({
	title: q.title,
	intro: q.intro,
	terms: q.terms,
	validUntil: q.validUntil,
	schedule: q.stages,
	lines: q.lines,
})

/** The builder's buttons: each posts the whole form. */
export const BUILDER_INTENTS = [
	'save',
	'send',
	'add-line',
	'add-section',
	'add-product',
	'remove-line',
	'add-stage',
	'remove-stage',
	'save-template',
] as const
export type BuilderIntent = (typeof BUILDER_INTENTS)[number]

/** `intent=remove-line:3` names the row; anything else answers undefined (an unknown action). */
export function builderIntent(raw: string): { intent: BuilderIntent; row: number } | undefined {
	const [name, row = '0'] = raw.split(':')
	if (!(BUILDER_INTENTS as readonly string[]).includes(name ?? '') || !/^\d{1,3}$/.test(row))
		return undefined
	return { intent: name as BuilderIntent, row: Number(row) }
}

export const TemplateNameSchema = z.object({
	templateName: text('template name', 80).min(1, 'Name the template'),
})

/** 'New quote' on the project page: blank, a template's copy, or a copy of the latest version. */
export const NewQuoteSchema = z.object({
	from: safeText()
		.regex(/^(blank|latest|template:\d{1,9})$/, 'Choose how to start the quote')
		.default('blank'),
})

/** 'Accept and pay deposit': the typed name signs; the early start is asked, never assumed. */
export const AcceptQuoteSchema = z.object({
	name: text('name', 100)
		.min(2, 'Type your full name to sign')
		.refine((v) => /\p{L}/u.test(v), 'Type your full name to sign'),
	earlyStart: z.enum(['yes']).optional(),
	options: z.array(z.number().int().positive()).max(200),
})

/** Deleting a saved template at /admin/projects/quote-templates. */
export const DeleteTemplateSchema = z.object({
	intent: z.literal('delete', { error: 'Unknown action' }),
	id: safeText().regex(QUOTE_ID_PATTERN, 'Template not found'),
})

/** A customer's request for a new quote (an expired or superseded one). */
export const RequestQuoteSchema = z.object({
	message: text('message', 1000, true).default(''),
})
