import { describe, expect, it } from 'vitest'
import {
	canMarkPaid,
	isDispatched,
	ORDER_STATUSES,
	showsContactNote,
	statusLabel,
} from './order-status'

describe('order status display', () => {
	it('labels pending as Pending Review, missing as pending, unknown as Unknown', () => {
		expect(statusLabel('pending')).toBe('Pending Review')
		expect(statusLabel(undefined)).toBe('Pending Review')
		expect(statusLabel('')).toBe('Pending Review')
		expect(statusLabel('teleported')).toBe('Unknown')
		expect(statusLabel('payment_pending')).toBe('Awaiting Payment')
	})
	it('asks to quote the order number until payment is made', () => {
		expect(['pending', 'delivery_confirmed', 'payment_pending'].every(showsContactNote)).toBe(true)
		expect(['paid', 'shipped', 'delivered', 'cancelled'].some(showsContactNote)).toBe(false)
	})
})

describe('the named checks (spec section 4)', () => {
	it('calls shipped and delivered orders dispatched, and no other', () => {
		expect(ORDER_STATUSES.filter(isDispatched)).toEqual(['shipped', 'delivered'])
	})
	it('lets staff mark an order paid once its delivery cost is confirmed, until it is paid', () => {
		expect(ORDER_STATUSES.filter(canMarkPaid)).toEqual(['delivery_confirmed', 'payment_pending'])
	})
})
