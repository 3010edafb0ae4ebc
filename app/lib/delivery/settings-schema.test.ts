import { describe, expect, it } from 'vitest'
import { DeliverySettingsSchema, parseSettingsForm } from './settings-schema'

const settings = (postcodes: string) => ({
	zones: [
		{ id: 'local', name: 'Local', postcodes: 'IV', parcelPence: '6', palletPence: '35' },
		{ id: 'mainland', name: 'Mainland', postcodes, parcelPence: '9.95', palletPence: '85' },
	],
	parcelsIncluded: '1',
	extraParcelsSurchargePence: '4',
	extraPalletsSurchargePence: '40',
	quoteValidDays: '7',
})

describe('DeliverySettingsSchema', () => {
	it('refuses an overlong postcode list at once (it blocked the server for seconds: issue 28 fuzzing)', () => {
		const started = performance.now()
		const result = DeliverySettingsSchema.safeParse(settings('x'.repeat(40_000)))
		expect(performance.now() - started).toBeLessThan(250)
		expect(result.success).toBe(false)
		expect(result.error?.issues.map((i) => i.message)).toContain(
			'Too big: expected string to have <=2000 characters',
		)
	})

	it('still reports overlapping zones when every zone is valid', () => {
		const result = DeliverySettingsSchema.safeParse(settings('IV'))
		expect(result.error?.issues.map((i) => i.message)).toEqual([
			'Overlapping zones: IV in Mainland overlaps IV in Local.',
		])
	})

	it("names the zone and field of a zone's error, as the summary lists it apart from its row", () => {
		const parsed = parseSettingsForm({
			'zones.0.id': 'local',
			'zones.0.name': 'Local van',
			'zones.0.postcodes': 'IV',
			'zones.0.parcel': '6',
			'zones.0.pallet': '-1',
			'zones.1.id': 'mainland',
			'zones.1.name': 'Mainland',
			'zones.1.postcodes': 'AB, 12X',
			'zones.1.parcel': '9.95',
			'zones.1.pallet': '85',
			'zones.new.name': '',
			parcelsIncluded: '1',
			extraParcelsSurcharge: 'x',
			extraPalletsSurcharge: '40',
			quoteValidDays: '7',
		})
		expect(parsed.ok).toBe(false)
		expect(parsed.ok ? {} : parsed.fieldErrors).toEqual({
			'zones.0.pallet': 'Local van, pallet price: Enter a price in pounds, 0 or more (e.g. 12.50)',
			'zones.1.postcodes':
				'Mainland, postcodes: "12X" is not a postcode area, district or range (e.g. IV, PO30, PA20-PA49)',
			extraParcelsSurcharge: 'Enter a price in pounds, 0 or more (e.g. 12.50)',
		})
	})
})
