import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { DEFAULT_SCHEDULE } from './payment-schedule'
import { chosenLines, optionIds, quoteTotals, totalRange } from './quote-totals'
import { quoteExpiresAt, quoteView, shownStatus, validUntilDate } from './quote-view'

const line = (
	id: number,
	section: string,
	quantity: number,
	unitPence: number,
	optional = false,
) => ({
	id,
	section,
	description: `Line ${id}`,
	quantity,
	unitPence,
	optional,
	chosen: !optional,
})

// A koi pond: two required sections, two options (a UV clarifier and lighting).
const LINES = [
	line(1, 'Excavation', 1, 180_000),
	line(2, 'Liner and construction', 40, 2_250),
	line(3, 'Filtration', 1, 45_000, true),
	line(4, 'Excavation', 2, 15_000),
	line(5, 'Electrics', 3, 8_999, true),
]

describe('quoteTotals', () => {
	it('groups lines by section in first-seen order, with subtotals of what is included', () => {
		const t = quoteTotals(LINES, (l) => l.id === 3)
		expect(t.sections.map((s) => [s.name, s.subtotalPence])).toEqual([
			['Excavation', 210_000],
			['Liner and construction', 90_000],
			['Filtration', 45_000],
			['Electrics', 0],
		])
		expect(t.totalPence).toBe(345_000)
		// 20% VAT inside £3,450.00 is £575.00.
		expect(t.vatPence).toBe(57_500)
		expect(t.sections[3]!.lines[0]).toMatchObject({ amountPence: 26_997, included: false })
	})

	it('always includes required lines, whatever is asked', () => {
		expect(quoteTotals(LINES, () => false).totalPence).toBe(300_000)
		expect(totalRange(LINES)).toEqual({ fewestPence: 300_000, mostPence: 371_997 })
	})

	it('is the sum of the included lines for any choice (property)', () => {
		fc.assert(
			fc.property(fc.array(fc.boolean(), { minLength: 5, maxLength: 5 }), (ticks) => {
				const t = quoteTotals(LINES, (l) => ticks[l.id - 1]!)
				const expected = LINES.filter((l) => !l.optional || ticks[l.id - 1]).reduce(
					(sum, l) => sum + l.quantity * l.unitPence,
					0,
				)
				expect(t.totalPence).toBe(expected)
				expect(t.sections.reduce((s, x) => s + x.subtotalPence, 0)).toBe(expected)
			}),
		)
	})
})

describe('chosenLines and optionIds', () => {
	it('counts only the quote’s own optional lines', () => {
		expect([...chosenLines(LINES, [1, 3, 99])]).toEqual([3])
		// Nothing asked: the stored choice (options start unticked).
		expect([...chosenLines(LINES, null)]).toEqual([])
	})

	it('ignores anything that is not a plain id', () => {
		expect(optionIds(['5', '3', '5', '-1', '1e3', 'x', '', '12345678901', 7])).toEqual([5, 3])
	})
})

describe('quote status and view', () => {
	it('is valid to the end of its day, UK time, across the clock change', () => {
		const at = quoteExpiresAt('2026-10-25')
		expect(at.toISOString()).toBe('2026-10-26T00:00:00.000Z')
		expect(validUntilDate(at)).toBe('2026-10-25')
		expect(quoteExpiresAt('2026-07-01').toISOString()).toBe('2026-07-01T23:00:00.000Z')
		const sent = { status: 'sent' as const, validUntil: at }
		expect(shownStatus(sent, new Date('2026-10-25T23:59:59Z'))).toBe('sent')
		expect(shownStatus(sent, at)).toBe('expired')
		expect(shownStatus({ ...sent, status: 'superseded' }, at)).toBe('superseded')
	})

	it('splits the schedule for the chosen total and keeps an accepted choice', () => {
		const quote = {
			version: 2,
			status: 'sent' as const,
			title: 'Koi pond',
			intro: '',
			terms: 'Terms',
			validUntil: quoteExpiresAt('2026-12-31'),
			schedule: DEFAULT_SCHEDULE,
		}
		const now = new Date('2026-12-01T12:00:00Z')
		const view = quoteView(quote, LINES, [3], now)
		expect(view.totalPence).toBe(345_000)
		expect(view.schedule.map((s) => s.amountPence)).toEqual([86_250, 172_500, 86_250])
		expect(view.acceptable).toBe(true)
		const accepted = quoteView(
			{ ...quote, status: 'accepted', acceptedName: 'Morag Fraser', acceptedTotalPence: 300_000 },
			LINES,
			[3, 5],
			now,
		)
		// Once accepted, what was chosen then stands (no line is marked chosen here).
		expect(accepted.totalPence).toBe(300_000)
		expect(accepted.acceptable).toBe(false)
		expect(accepted.accepted).toMatchObject({ name: 'Morag Fraser', totalPence: 300_000 })
	})
})
