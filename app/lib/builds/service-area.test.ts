import { describe, expect, it } from 'vitest'
import { DEFAULT_DELIVERY_SETTINGS } from '../delivery/zones'
import { describeArea, inServiceArea } from './service-area'
import { DEFAULT_BUILD_SETTINGS } from './survey-slots'

const area = DEFAULT_BUILD_SETTINGS.serviceArea
const rates = DEFAULT_DELIVERY_SETTINGS

describe('the area the business builds in', () => {
	it('covers mainland Great Britain by its delivery zones', () => {
		expect(inServiceArea(area, rates, 'IV2 3XY')).toBe(true)
		expect(inServiceArea(area, rates, 'SW1A 1AA')).toBe(true)
		expect(inServiceArea(area, rates, 'KW15 1AB')).toBe(true)
	})

	it('leaves out Northern Ireland and the islands zoned on their own', () => {
		expect(inServiceArea(area, rates, 'BT1 1AA')).toBe(false)
		expect(inServiceArea(area, rates, 'GY1 1AA')).toBe(false)
		expect(inServiceArea(area, rates, 'PO30 1AA')).toBe(false)
	})

	it('adds postcode areas and district ranges the owner lists', () => {
		const wider = { ...area, postcodes: ['BT1-BT20', 'IM'] }
		expect(inServiceArea(wider, rates, 'BT5 1AA')).toBe(true)
		expect(inServiceArea(wider, rates, 'BT45 1AA')).toBe(false)
		expect(inServiceArea(wider, rates, 'IM2 4AB')).toBe(true)
	})

	it('says no to what is not a postcode', () => {
		expect(inServiceArea(area, rates, 'not a postcode')).toBe(false)
	})

	it('describes the area in the owner’s words', () => {
		expect(describeArea({ zones: ['local'], postcodes: ['AB'] }, rates)).toBe(
			'Local van (Inverness & Moray Firth), AB',
		)
	})
})
