import { describe, expect, it } from 'vitest'
import { csvCell, csvRow } from './csv'

describe('CSV cells', () => {
	it('quotes commas, quotes and line breaks', () => {
		expect(csvCell('Loch Road, Inverness')).toBe('"Loch Road, Inverness"')
		expect(csvCell('5" pipe')).toBe('"5"" pipe"')
		expect(csvCell('two\nlines')).toBe('"two\nlines"')
		expect(csvRow(['KP-ABC234', 12.5, null])).toBe('KP-ABC234,12.5,\r\n')
	})
	it('defuses text that a spreadsheet would run as a formula, but not negative numbers', () => {
		expect(csvCell('=HYPERLINK("http://evil")')).toBe('"\'=HYPERLINK(""http://evil"")"')
		expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)")
		expect(csvCell(-3)).toBe('-3')
	})
})
