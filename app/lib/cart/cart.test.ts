import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
	addItem,
	type CartItem,
	displayName,
	itemCount,
	MAX_LINES,
	removeItem,
	updateQuantity,
} from './cart'
import { parseStoredCart } from './cart-storage'
import { subtotalPence } from './cart-totals'

const item = (overrides: Partial<CartItem> = {}): CartItem => ({
	id: '7',
	name: 'Oase BioTec 10',
	originalName: 'Oase BioTec 10',
	price: '£12.50',
	quantity: 1,
	imageUrl: '/images/products/x.jpg',
	productUrl: 'https://supplier.example/x',
	code: 'OA-BT10',
	category: 'filters',
	selectedSize: '',
	selectedOption: '',
	...overrides,
})

describe('cart rules', () => {
	it('merges a line whose id, size and option all match, adding the quantities', () => {
		const cart = addItem([item({ quantity: 2 })], item({ quantity: 3 }))
		expect(cart).toHaveLength(1)
		expect(cart[0]?.quantity).toBe(5)
	})

	it('appends a new line when the size or the option differs', () => {
		let cart = addItem([], item())
		cart = addItem(cart, item({ selectedSize: '2 m' }))
		cart = addItem(cart, item({ selectedOption: 'With UV' }))
		expect(cart.map(displayName)).toEqual([
			'Oase BioTec 10',
			'Oase BioTec 10 - 2 m',
			'Oase BioTec 10 - With UV',
		])
	})

	it('removes by id, size and option, or every line of the id when neither is given', () => {
		const cart = [item(), item({ selectedSize: '2 m' }), item({ id: '8' })]
		expect(removeItem(cart, '7', '2 m', '').map((l) => l.selectedSize)).toEqual(['', ''])
		expect(removeItem(cart, '7').map((l) => l.id)).toEqual(['8'])
	})

	it('ignores quantity updates below 1 or not whole', () => {
		const cart = [item({ quantity: 4 })]
		for (const q of [0, -1, 1.5, Number.NaN])
			expect(updateQuantity(cart, item(), q)[0]?.quantity).toBe(4)
		expect(updateQuantity(cart, item(), 2)[0]?.quantity).toBe(2)
	})

	it('discards corrupt or foreign stored values without throwing', () => {
		expect(parseStoredCart(null)).toEqual([])
		expect(parseStoredCart('not json')).toEqual([])
		expect(parseStoredCart('{"a":1}')).toEqual([])
		expect(parseStoredCart(JSON.stringify([item(), { id: 3 }, item({ quantity: -2 })]))).toEqual([
			item(),
		])
	})

	it('keeps to safeText on stored lines: control characters, broken text, limits, extra fields', () => {
		const stored = (lines: unknown[]) => parseStoredCart(JSON.stringify(lines))
		expect(stored([item({ name: 'Pump\u0000' })])).toEqual([])
		expect(stored([item({ name: 'Pump \ud800' })])).toEqual([])
		expect(stored([item({ id: '' })])).toEqual([])
		expect(stored([item({ code: 'x'.repeat(101) })])).toEqual([])
		expect(stored([item({ quantity: 1000 })])).toEqual([])
		expect(stored([item({ quantity: 1.5 })])).toEqual([])
		expect(stored([{ ...item(), extra: 'dropped' }])).toEqual([item()])
	})

	it('counts items and totals lines in pence', () => {
		const cart = [item({ quantity: 2 }), item({ id: '9', price: '3.99', quantity: 3 })]
		expect(itemCount(cart)).toBe(5)
		expect(subtotalPence(cart)).toBe(2500 + 1197)
	})
})

describe('cart properties', () => {
	const line = fc.record({
		id: fc.constantFrom('1', '2', '3'),
		selectedSize: fc.constantFrom('', 'S', 'L'),
		selectedOption: fc.constantFrom('', 'UV'),
		quantity: fc.integer({ min: 1, max: 20 }),
	})

	it('adding never loses or invents quantity, and keeps lines unique', () => {
		fc.assert(
			fc.property(fc.array(line, { maxLength: 40 }), (adds) => {
				const cart = adds.reduce((c, a) => addItem(c, item(a)), [] as CartItem[])
				expect(itemCount(cart)).toBe(adds.reduce((s, a) => s + a.quantity, 0))
				const keys = cart.map((l) => `${l.id}|${l.selectedSize}|${l.selectedOption}`)
				expect(new Set(keys).size).toBe(keys.length)
				expect(cart.length).toBeLessThanOrEqual(MAX_LINES)
			}),
		)
	})

	it('the subtotal is the sum of unit price × quantity over the lines', () => {
		fc.assert(
			fc.property(
				fc.array(
					fc.record({
						pence: fc.integer({ min: 0, max: 100_000 }),
						quantity: fc.integer({ min: 1, max: 999 }),
					}),
					{ maxLength: 20 },
				),
				(lines) => {
					const cart = lines.map((l, i) =>
						item({ id: String(i), price: `£${(l.pence / 100).toFixed(2)}`, quantity: l.quantity }),
					)
					expect(subtotalPence(cart)).toBe(lines.reduce((s, l) => s + l.pence * l.quantity, 0))
				},
			),
		)
	})

	it('stored carts survive a round trip through localStorage text', () => {
		fc.assert(
			fc.property(fc.array(line, { maxLength: 10 }), (adds) => {
				const cart = adds.reduce((c, a) => addItem(c, item(a)), [] as CartItem[])
				expect(parseStoredCart(JSON.stringify(cart))).toEqual(cart)
			}),
		)
	})
})
