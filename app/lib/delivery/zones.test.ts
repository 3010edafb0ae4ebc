import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { outwardOf } from './postcode'
import { suggestDeliveryCost } from './suggest'
import {
	overlaps,
	parseRule,
	DEFAULT_DELIVERY_SETTINGS as settings,
	strongestClaims,
	zoneFor,
} from './zones'

const zoneId = (postcode: string) => {
	const match = zoneFor(settings, postcode)
	return match.zone?.id ?? null
}

describe('delivery zones', () => {
	it('puts each boundary postcode in the right zone', () => {
		const cases: Array<[string, string]> = [
			['IV2 3XY', 'local'],
			['IV6 7AB', 'highlands'], // between the local ranges
			['IV36 1AA', 'local'],
			['IV40 8AB', 'highlands'],
			['KW1 4YT', 'highlands'],
			['PA19 1AA', 'mainland'],
			['PA20 0AA', 'highlands'],
			['PA49 7AA', 'highlands'],
			['PA50 1AA', 'mainland'],
			['PA60 1AA', 'highlands'],
			['PA78 6TA', 'highlands'],
			['PA80 1AA', 'mainland'],
			['PH16 5AA', 'mainland'],
			['PH17 2AA', 'highlands'],
			['PH48 1AA', 'mainland'],
			['PH49 4AA', 'highlands'],
			['PH50 4AA', 'highlands'],
			['PH51 1AA', 'mainland'],
			['KA27 8AA', 'highlands'],
			['KA29 0AA', 'mainland'],
			['PO29 1AA', 'mainland'],
			['PO30 1AA', 'isle-of-wight'],
			['PO41 0AA', 'isle-of-wight'],
			['PO42 1AA', 'mainland'],
			['TR20 8AA', 'mainland'],
			['TR21 0AA', 'scilly'],
			['TR25 0AA', 'scilly'],
			['TR26 1AA', 'mainland'],
			['BT1 1AA', 'northern-ireland'],
			['BT93 8AD', 'northern-ireland'],
			['IM1 1AA', 'isle-of-man'],
			['GY1 1AA', 'channel-islands'],
			['JE2 3AB', 'channel-islands'],
			['SW1A 1AA', 'mainland'],
			['EC1A 1BB', 'mainland'],
			['B33 8TH', 'mainland'],
		]
		for (const [postcode, zone] of cases) expect(zoneId(postcode), postcode).toBe(zone)
	})

	it('gives no zone for a malformed or non-UK postcode, and says why', () => {
		for (const bad of ['', 'D02 X285', '12345', 'IV2', 'not a postcode']) {
			const match = zoneFor(settings, bad)
			expect(match.zone, bad).toBeNull()
			if (!match.zone) expect(match.reason).toContain('not a UK postcode')
		}
	})

	it('maps any well-formed UK postcode to exactly one zone (property)', () => {
		const letter = fc.constantFrom(...'ABCDEFGHIJKLMNOPRSTUVWYZ')
		const postcode = fc
			.tuple(
				fc.array(letter, { minLength: 1, maxLength: 2 }),
				fc.integer({ min: 0, max: 99 }),
				fc.integer({ min: 0, max: 9 }),
				fc.array(fc.constantFrom(...'ABDEFGHJLNPQRSTUWXYZ'), { minLength: 2, maxLength: 2 }),
			)
			.map(
				([area, district, sector, unit]) => `${area.join('')}${district} ${sector}${unit.join('')}`,
			)
		fc.assert(
			fc.property(postcode, (pc) => {
				const outward = outwardOf(pc)!
				// Exactly one zone claims it most strongly, or none and the mainland fallback applies.
				expect(
					strongestClaims(settings, outward.area, outward.district).length,
				).toBeLessThanOrEqual(1)
				expect(zoneFor(settings, pc).zone).not.toBeNull()
			}),
		)
		expect(overlaps(settings.zones)).toEqual([])
	})

	it('parses areas, districts and ranges, and refuses nonsense', () => {
		expect(parseRule('iv')).toEqual({ kind: 'area', area: 'IV' })
		expect(parseRule('PA20-PA49')).toEqual({ kind: 'districts', area: 'PA', from: 20, to: 49 })
		expect(parseRule('po30')).toEqual({ kind: 'districts', area: 'PO', from: 30, to: 30 })
		expect(parseRule('PA49-PA20')).toBeNull()
		expect(parseRule('PA20-PH30')).toBeNull()
		expect(parseRule('I V')).toEqual({ kind: 'area', area: 'IV' })
		expect(parseRule('123')).toBeNull()
	})

	it('refuses two zones claiming the same area or overlapping districts', () => {
		const [local, highlands] = settings.zones
		expect(overlaps([{ ...local!, postcodes: ['KW'] }, highlands!])).toEqual([
			'KW in Scottish Highlands & islands overlaps KW in Local van (Inverness & Moray Firth)',
		])
		expect(overlaps([{ ...local!, postcodes: ['PA40-PA45'] }, highlands!])).toHaveLength(1)
		expect(overlaps([{ ...local!, postcodes: ['PA50-PA59'] }, highlands!])).toEqual([])
	})
})

describe('suggested delivery cost', () => {
	const pallet = { shippingClass: 'pallet' as const, quantity: 1 }
	const parcels = (quantity: number) => ({ shippingClass: 'parcel' as const, quantity })

	it('prices a pallet and parcels to the Highlands with the working shown', () => {
		const s = suggestDeliveryCost(settings, 'KW1 4YT', [pallet, parcels(2)], null)
		expect(s).toEqual({
			ok: true,
			pence: 7_500 + 1_495,
			zone: 'Scottish Highlands & islands',
			working: 'Scottish Highlands & islands (KW1) · 1 pallet + 2 parcels = £89.95',
		})
	})

	it('adds the surcharges once each for many parcels and more than one pallet', () => {
		const s = suggestDeliveryCost(
			settings,
			'IV2 3XY',
			[{ ...pallet, quantity: 2 }, parcels(5)],
			null,
		)
		expect(s.ok && s.pence).toBe(3_500 + 600 + 500 + 4_500)
		expect(s.ok && s.working).toContain('more than 4 parcels +£5.00, more than one pallet +£45.00')
	})

	it('gives no suggestion, and says why, for no lorry access, no pallet service or a bad postcode', () => {
		const noLorry = suggestDeliveryCost(settings, 'IV2 3XY', [pallet], {
			lorryAccess: 'no',
			gateWidthCm: 80,
			tailLift: 'yes',
		})
		expect(noLorry).toMatchObject({ ok: false, reason: expect.stringContaining('lorry') })
		expect(suggestDeliveryCost(settings, 'JE2 3AB', [pallet], null)).toMatchObject({
			ok: false,
			reason: 'There is no pallet service to Channel Islands: ask the courier for a price.',
		})
		expect(suggestDeliveryCost(settings, 'JE2 3AB', [parcels(1)], null)).toMatchObject({
			ok: true,
			pence: 2_995,
		})
		expect(suggestDeliveryCost(settings, 'BT1 1AA', [parcels(1)], null)).toMatchObject({
			ok: true,
			pence: 2_495,
		})
		expect(suggestDeliveryCost(settings, 'D02 X285', [parcels(1)], null).ok).toBe(false)
	})

	it('charges nothing when everything is collected', () => {
		const s = suggestDeliveryCost(
			settings,
			'SW1A 1AA',
			[{ shippingClass: 'collection', quantity: 1 }],
			null,
		)
		expect(s).toMatchObject({ ok: true, pence: 0 })
	})
})
