import { describe, expect, it } from 'vitest'
import { shippingClassOf } from '~/lib/delivery/shipping-class'
import { setUpShop } from '../support/shop'

/** Issue 31 item 2a: POST /cart/estimate, the cart's and checkout's delivery estimate. */
const shop = setUpShop()

const ask = (body: unknown, type = 'application/json') =>
	shop.app.request('/cart/estimate', {
		method: 'POST',
		headers: { 'content-type': type, origin: shop.app.url },
		body: typeof body === 'string' ? body : JSON.stringify(body),
	})

async function productOf(shippingClass: 'parcel' | 'pallet') {
	for (const product of await shop.app.runtime.catalog.all())
		if (shippingClassOf(product) === shippingClass) return product.id
	throw new Error(`no ${shippingClass} product in the demo catalogue`)
}

describe('the delivery estimate', () => {
	it('prices a parcel to the local van zone and a larger order with the surcharge', async () => {
		const parcel = await productOf('parcel')
		const res = await ask({ postcode: 'iv2 3xy', lines: [{ id: parcel, quantity: 1 }] })
		expect(res.status).toBe(200)
		expect(res.headers.get('cache-control')).toBe('no-store')
		expect(await res.json()).toEqual({ kind: 'estimate', outward: 'IV2', pence: 600 })
		// Five parcels: the local parcel price plus the £5 surcharge for more than four.
		const many = await ask({ postcode: 'IV2 3XY', lines: [{ id: parcel, quantity: 5 }] })
		expect(await many.json()).toEqual({ kind: 'estimate', outward: 'IV2', pence: 1100 })
		// Mainland Great Britain.
		const london = await ask({ postcode: 'SW1A 1AA', lines: [{ id: parcel, quantity: 1 }] })
		expect(await london.json()).toEqual({ kind: 'estimate', outward: 'SW1A', pence: 995 })
	})

	it("says 'we will quote' where no rule applies rather than guessing", async () => {
		const pallet = await productOf('pallet')
		// No pallet service to the Channel Islands.
		const islands = await ask({ postcode: 'JE2 3AB', lines: [{ id: pallet, quantity: 1 }] })
		expect(await islands.json()).toEqual({ kind: 'quote' })
		const gone = await ask({ postcode: 'IV2 3XY', lines: [{ id: 'no-such-product', quantity: 1 }] })
		expect(await gone.json()).toEqual({ kind: 'quote' })
	})

	it('answers bad input with a clear 400', async () => {
		const parcel = await productOf('parcel')
		const bad = await ask({ postcode: 'not a postcode', lines: [{ id: parcel, quantity: 1 }] })
		expect(bad.status).toBe(400)
		expect(JSON.stringify(await bad.json())).toContain('Enter a full UK postcode')
		for (const body of [
			{ postcode: 'IV2 3XY', lines: [] },
			{ postcode: 'IV2 3XY', lines: [{ id: parcel, quantity: 0 }] },
			{ postcode: 'IV2 3XY', lines: [{ id: parcel, quantity: 1.5 }] },
			'{"postcode":',
		])
			expect((await ask(body)).status).toBe(400)
		expect((await ask('postcode=IV2', 'application/x-www-form-urlencoded')).status).toBe(400)
	})
})
