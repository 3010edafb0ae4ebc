import { describe, expect, it } from 'vitest'
import type { ReportDocument } from './book-document'
import { documentsBehind, moneyReport } from './money-report'

const doc = (
	number: string,
	orderId: string,
	grossPence: number,
	kind: ReportDocument['kind'] = 'invoice',
): ReportDocument => ({
	number,
	kind,
	orderId,
	taxPoint: '2026-10-05T10:00:00.000Z',
	day: '2026-10-05',
	refersTo: null,
	customer: 'Isla Munro',
	provider: 'test',
	netPence: Math.round(grossPence / 1.2),
	vatPence: grossPence - Math.round(grossPence / 1.2),
	grossPence,
	lines: [{ category: orderId.startsWith('PB-') ? 'other' : 'pumps', grossPence }],
})

describe('the money report, pond builds against shop orders (issue 61 item 1)', () => {
	it('splits net sales by where they came from, each with its documents', () => {
		const report = moneyReport({ from: '2026-10-01', to: '2026-12-31' }, [
			doc('INV-000001', 'KP-7F3K9Q', 12_999),
			doc('INV-000002', 'PB-4TR8WX', 85_000),
			doc('INV-000003', 'PB-4TR8WX', 170_000),
			doc('CN-000001', 'KP-7F3K9Q', 2_999, 'credit_note'),
		])
		expect(report.bySource.map((s) => [s.key, s.pence, s.documents])).toEqual([
			['builds', 255_000, ['INV-000002', 'INV-000003']],
			['shop', 10_000, ['INV-000001', 'CN-000001']],
		])
		expect(report.netSales.pence).toBe(265_000)
		expect(documentsBehind(report, 'source:builds')).toEqual({
			label: 'Pond builds',
			documents: ['INV-000002', 'INV-000003'],
		})
		expect(documentsBehind(report, 'source:nowhere')).toBeNull()
	})
})
