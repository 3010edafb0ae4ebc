import { describe, expect, it } from 'vitest'
import {
	customerTimeline,
	nextStep,
	type ProgressEvent,
	type ProgressOrder,
} from './order-progress'

const order = (overrides: Partial<ProgressOrder> = {}): ProgressOrder => ({
	status: 'pending',
	totalCostPence: null,
	quoteExpiresAt: null,
	carrier: null,
	trackingReference: null,
	payable: false,
	quoteExpired: false,
	...overrides,
})
const at = (day: number) => `2026-12-0${day}T10:00:00.000Z`
const event = (day: number, from: ProgressEvent['from'], to: ProgressEvent['to']) => ({
	at: at(day),
	from,
	to,
})

describe('the next step, in one sentence', () => {
	it.each([
		[order(), 'We are working out your delivery cost — usually within one working day.'],
		[
			order({ status: 'delivery_confirmed' }),
			'We have confirmed your delivery cost and will email you a link to pay shortly.',
		],
		[
			order({
				status: 'payment_pending',
				totalCostPence: 29_549,
				quoteExpiresAt: '2026-12-04T17:00:00.000Z',
				payable: true,
			}),
			'Pay £295.49 by 4 Dec 2026.',
		],
		[
			order({ status: 'payment_pending', totalCostPence: 29_549, payable: true }),
			'Pay £295.49 to confirm your order.',
		],
		[
			order({
				status: 'payment_pending',
				totalCostPence: 29_549,
				quoteExpiresAt: '2026-12-04T17:00:00.000Z',
				quoteExpired: true,
			}),
			'The price we quoted was held until 4 Dec 2026: ask for a new quote and we will confirm the delivery cost again.',
		],
		[
			order({ status: 'payment_pending', totalCostPence: 100 }),
			'We are preparing a new payment link and will email it to you.',
		],
		[
			order({ status: 'paid' }),
			'Paid, thank you — we are getting your order ready and will email you when it is on its way.',
		],
		[order({ status: 'shipped', carrier: 'dpd next day' }), 'On its way with DPD.'],
		[order({ status: 'shipped', carrier: 'Our van' }), 'On its way in our own van.'],
		[order({ status: 'shipped', carrier: 'Bob’s Haulage' }), 'On its way with Bob’s Haulage.'],
		[order({ status: 'shipped' }), 'On its way.'],
		[order({ status: 'cancelled' }), 'This order has been cancelled.'],
	])('%#: %s', (o, sentence) => {
		expect(nextStep(o, [])).toBe(sentence)
	})

	it('dates a delivery from its event, and tells a refunded cancellation apart', () => {
		expect(nextStep(order({ status: 'delivered' }), [event(3, 'shipped', 'delivered')])).toBe(
			'Delivered on 3 Dec 2026.',
		)
		expect(nextStep(order({ status: 'cancelled' }), [event(3, 'paid', 'cancelled')])).toBe(
			'This order was cancelled and your payment refunded in full.',
		)
	})
})

describe('the customer timeline', () => {
	it('tells the order’s story in customer words, with each quote from its payment link', () => {
		const o = order({
			status: 'delivered',
			totalCostPence: 29_549,
			quoteExpiresAt: '2026-12-09T17:00:00.000Z',
			carrier: 'Royal Mail',
			trackingReference: 'AB123456789GB',
		})
		const events = [
			event(1, null, 'pending'),
			event(2, 'pending', 'pending'), // a staff note
			event(2, 'pending', 'payment_pending'),
			event(3, 'payment_pending', 'payment_pending'), // a reminder or a new price
			event(4, 'payment_pending', 'paid'),
			event(5, 'paid', 'shipped'),
			event(6, 'shipped', 'delivered'),
		]
		const links = [
			{ createdAt: at(2), amountPence: 30_000 },
			{ createdAt: '2026-12-03T09:00:00.000Z', amountPence: 29_549 },
		]
		expect(customerTimeline(events, links, o)).toEqual([
			{ at: at(1), title: 'Order requested', detail: 'We received your order request.' },
			{
				at: at(2),
				title: 'Quoted and payment link sent',
				detail: 'Total £300.00 including delivery.',
			},
			{
				at: '2026-12-03T09:00:00.000Z',
				title: 'New quote and payment link sent',
				detail: 'Total £295.49 including delivery, price held until 9 Dec 2026.',
			},
			{ at: at(4), title: 'Paid', detail: 'We received your payment of £295.49.' },
			{
				at: at(5),
				title: 'Dispatched',
				detail: 'With Royal Mail. Tracking reference AB123456789GB.',
			},
			{ at: at(6), title: 'Delivered', detail: null },
		])
	})

	it('shows cancelling, refunding and reinstating', () => {
		const o = order({ status: 'pending', totalCostPence: 5_000 })
		const titles = customerTimeline(
			[
				event(1, null, 'pending'),
				event(2, 'paid', 'cancelled'),
				event(3, 'cancelled', 'pending'),
				event(4, 'pending', 'cancelled'),
				event(5, 'payment_pending', 'pending'),
			],
			[],
			o,
		).map((e) => [e.title, e.detail])
		expect(titles).toEqual([
			['Order requested', 'We received your order request.'],
			['Cancelled and refunded', 'Your payment of £50.00 was refunded in full.'],
			['Order reinstated', null],
			['Cancelled', null],
			['New quote asked for', null],
		])
	})
})
