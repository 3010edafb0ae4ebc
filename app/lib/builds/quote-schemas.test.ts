import { describe, expect, it } from 'vitest'
import { parseForm } from '../forms'
import { formForSchema, formFromContent, readQuoteForm, withoutBlankRows } from './quote-rows'
import {
	AcceptQuoteSchema,
	builderIntent,
	NewQuoteSchema,
	QuoteBuilderSchema,
	toContent,
} from './quote-schemas'

/** A builder form as the browser posts it. */
const posted = (overrides: Record<string, string> = {}) => ({
	title: 'Raised koi pond, 12,000 litres',
	intro: 'As discussed on site.',
	terms: 'Our terms.',
	validUntil: '2026-12-31',
	'lines.0.section': 'Excavation',
	'lines.0.description': 'Dig out and remove spoil',
	'lines.0.quantity': '1',
	'lines.0.price': '1,800.00',
	'lines.1.section': 'Filtration',
	'lines.1.description': 'UV clarifier 55 W',
	'lines.1.quantity': '1',
	'lines.1.price': '£450',
	'lines.1.optional': 'on',
	'lines.1.productId': 'uv-55',
	'stages.0.label': 'Deposit',
	'stages.0.kind': 'percent',
	'stages.0.amount': '25',
	'stages.0.due': 'acceptance',
	'stages.1.label': 'Balance',
	'stages.1.kind': 'percent',
	'stages.1.amount': '75',
	'stages.1.due': 'completion',
	...overrides,
})

const parse = (values: Record<string, string>) =>
	parseForm(QuoteBuilderSchema, formForSchema(withoutBlankRows(readQuoteForm(values))))

describe('the quote builder form', () => {
	it('reads rows in order and parses prices in pounds to pence', () => {
		const form = parse(posted())
		expect(form.ok).toBe(true)
		if (!form.ok) return
		expect(toContent(form.data)).toMatchObject({
			validUntil: '2026-12-31',
			lines: [
				{
					section: 'Excavation',
					quantity: 1,
					unitPence: 180_000,
					optional: false,
					productId: null,
				},
				{ section: 'Filtration', unitPence: 45_000, optional: true, productId: 'uv-55' },
			],
			schedule: [
				{ label: 'Deposit', due: 'acceptance', percent: 25 },
				{ label: 'Balance', due: 'completion', percent: 75 },
			],
		})
	})

	it('puts each error under its field, keyed as the input is named', () => {
		const form = parse(
			posted({ 'lines.0.quantity': '1.5', 'lines.1.price': 'call us', 'stages.1.amount': '0' }),
		)
		expect(form.ok).toBe(false)
		if (form.ok) return
		expect(form.fieldErrors).toMatchObject({
			'lines.0.quantity': 'Enter a whole number from 1 to 9,999',
			'lines.1.unitPence': 'Enter a price such as 1250.00 (up to £100,000)',
			'stages.1.amount': 'Enter a whole percentage from 1 to 100',
		})
	})

	it('checks the schedule against the total with no options and with all of them', () => {
		// A £1,000 fixed deposit is fine on £2,250 but more than the £1,800 without the option.
		const form = parse(
			posted({
				'stages.0.kind': 'fixed',
				'stages.0.amount': '1900',
				'stages.1.kind': 'fixed',
				'stages.1.amount': '350',
			}),
		)
		expect(form.ok).toBe(false)
		if (form.ok) return
		expect(form.fieldErrors.stages).toContain('with no options and with every option')
	})

	it('refuses a quote whose required lines come to nothing, or has no lines', () => {
		const optionalOnly = parse(posted({ 'lines.0.optional': 'on' }))
		expect(!optionalOnly.ok && optionalOnly.fieldErrors.lines).toBe(
			'The lines that are not optional must come to more than £0.00',
		)
		const none = parse(
			posted({
				'lines.0.description': '',
				'lines.0.price': '',
				'lines.1.description': '',
				'lines.1.price': '',
			}),
		)
		expect(!none.ok && none.fieldErrors.lines).toBe('Add at least one line')
	})

	it('takes only a real date this century as valid-until', () => {
		for (const validUntil of ['2026-02-31', '9999-12-31', '31/12/2026'])
			expect(parse(posted({ validUntil })).ok, validUntil).toBe(false)
		expect(parse(posted({ validUntil: '2028-02-29' })).ok).toBe(true)
	})

	it('keeps blank rows for the row buttons, drops them for saving', () => {
		const rows = readQuoteForm(posted({ 'lines.5.section': 'Plumbing' }))
		expect(rows.lines).toHaveLength(3)
		expect(withoutBlankRows(rows).lines).toHaveLength(2)
	})

	it('round-trips a saved quote through the form', () => {
		const form = parse(posted())
		if (!form.ok) throw new Error('valid')
		const content = toContent(form.data)
		const { lines: _l, stages: _s, ...fields } = formFromContent(content, '2026-12-31')
		const again = parse({ ...fields, ...flatten(formFromContent(content, '2026-12-31')) })
		expect(again.ok && toContent(again.data)).toEqual(content)
	})
})

function flatten(state: ReturnType<typeof formFromContent>) {
	const out: Record<string, string> = {}
	state.lines.forEach((l, i) => {
		for (const [k, v] of Object.entries(l))
			if (k !== 'optional') out[`lines.${i}.${k}`] = String(v)
			else if (v) out[`lines.${i}.optional`] = 'on'
	})
	state.stages.forEach((s, i) => {
		for (const [k, v] of Object.entries(s)) out[`stages.${i}.${k}`] = String(v)
	})
	return out
}

describe('the other quote forms', () => {
	it('knows the builder’s buttons and their rows', () => {
		expect(builderIntent('remove-line:3')).toEqual({ intent: 'remove-line', row: 3 })
		expect(builderIntent('save')).toEqual({ intent: 'save', row: 0 })
		expect(builderIntent('drop-table')).toBeUndefined()
		expect(builderIntent('remove-line:-1')).toBeUndefined()
	})

	it('starts a quote blank, from a template or from the latest version', () => {
		expect(parseForm(NewQuoteSchema, { from: 'template:12' }).ok).toBe(true)
		expect(parseForm(NewQuoteSchema, { from: 'template:x' }).ok).toBe(false)
	})

	it('needs a typed name to accept; the early start is never assumed', () => {
		const ok = parseForm(AcceptQuoteSchema, { name: ' Morag Fraser ', options: [3] })
		expect(ok).toEqual({ ok: true, data: { name: 'Morag Fraser', options: [3] } })
		const bad = parseForm(AcceptQuoteSchema, { name: ' ', options: [] })
		expect(!bad.ok && bad.fieldErrors.name).toBe('Type your full name to sign')
		expect(parseForm(AcceptQuoteSchema, { name: 'Morag', earlyStart: 'on', options: [] }).ok).toBe(
			false,
		)
	})
})
