import { describe, expect, it } from 'vitest'
import { DeliverySettingsSchema } from './settings-schema'

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
})
