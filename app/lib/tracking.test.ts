import { describe, expect, it } from 'vitest'
import { carrierFor, trackingFor } from './tracking'

describe('tracking links from what staff typed in the ship form', () => {
	it.each([
		['Royal Mail', 'Royal Mail'],
		['royal mail tracked 24', 'Royal Mail'],
		['RM', 'Royal Mail'],
		['Parcelforce Worldwide', 'Parcelforce'],
		['Parcel Force', 'Parcelforce'],
		['DPD', 'DPD'],
		['dpd next day', 'DPD'],
		['DPD Local', 'DPD Local'],
		['DHL Parcel UK', 'DHL'],
		['UPS Standard', 'UPS'],
		['Evri', 'Evri'],
		['Hermes', 'Evri'],
		['Yodel', 'Yodel'],
		['Palletways', 'Palletways'],
		['Pall-Ex', 'Pall-Ex'],
		['Pallex', 'Pall-Ex'],
		['Palletforce', 'Palletforce'],
		['Our van', 'our own van'],
		['own van', 'our own van'],
		['Van', 'our own van'],
		['Hand delivered', 'our own van'],
	])('recognises %s as %s', (typed, name) => {
		expect(carrierFor(typed)?.name).toBe(name)
	})

	it('does not mistake other words for a carrier', () => {
		expect(carrierFor('Groups courier')).toBeUndefined()
		expect(carrierFor('Caravan Couriers')).toBeUndefined()
		expect(carrierFor('')).toBeUndefined()
		expect(carrierFor(null)).toBeUndefined()
	})

	it.each([
		[
			'Royal Mail',
			'AB 1234 5678 9GB',
			'https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB',
		],
		['Parcelforce', 'PB12345678', 'https://www.parcelforce.com/track-trace?trackNumber=PB12345678'],
		['DPD', '15501234567890', 'https://track.dpd.co.uk/parcels/15501234567890'],
		[
			'DPD Local',
			'15501234567890',
			'https://www.dpdlocal.co.uk/apps/tracking/?reference=15501234567890',
		],
		[
			'DHL',
			'1234567890',
			'https://www.dhl.com/gb-en/home/tracking/tracking-parcel.html?submit=1&tracking-id=1234567890',
		],
		[
			'UPS',
			'1Z999AA10123456784',
			'https://www.ups.com/track?loc=en_GB&tracknum=1Z999AA10123456784',
		],
		['Evri', 'H01ABC1234567890', 'https://www.evri.com/track/parcel/H01ABC1234567890/details'],
		['Yodel', 'JD0002212345678901', 'https://www.yodel.co.uk/track/JD0002212345678901'],
	])('%s reference %s links to %s', (carrier, reference, url) => {
		expect(trackingFor(carrier, reference).url).toBe(url)
	})

	it('escapes a reference so it cannot change the address', () => {
		expect(trackingFor('DPD', 'a/../b?x=1#y').url).toBe(
			'https://track.dpd.co.uk/parcels/a%2F..%2Fb%3Fx%3D1%23y',
		)
	})

	it('sends pallet network customers to the network site with the reference to quote', () => {
		expect(trackingFor('Palletways', 'PW123')).toEqual({
			carrierName: 'Palletways',
			reference: 'PW123',
			url: null,
			site: 'https://www.palletways.com/',
			ownVan: false,
		})
	})

	it('has no link for our own van, an unknown carrier or a missing reference', () => {
		expect(trackingFor('our van', '')).toMatchObject({
			carrierName: 'our own van',
			ownVan: true,
			url: null,
		})
		expect(trackingFor('Bob’s Haulage', 'X1')).toMatchObject({
			carrierName: 'Bob’s Haulage',
			url: null,
		})
		expect(trackingFor('DPD', null)).toMatchObject({ carrierName: 'DPD', url: null })
		expect(trackingFor(null, null)).toMatchObject({ carrierName: null, url: null, reference: null })
	})
})
