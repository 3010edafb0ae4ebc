import fc from 'fast-check'
import Stripe from 'stripe'
import { FAKE_WEBHOOK_SECRET } from '../support/fake-stripe'
import type { FuzzRequest } from './send'
import { nastyString } from './values'

/** What the webhook fuzzing starts from: real ids on the Stripe shop and its fake. */
export type StripeIds = { orderId: string; sessionIds: string[]; amount: number }

const EVENT_TYPES = [
	'checkout.session.completed',
	'checkout.session.completed',
	'checkout.session.async_payment_succeeded',
	'checkout.session.async_payment_failed',
	'checkout.session.expired',
	'payment_intent.succeeded',
	'charge.refunded',
	'',
]

const odd = fc.oneof(
	nastyString,
	fc.constantFrom<unknown>(null, 0, -1, 1e308, true, [], {}, [1, 2], { id: 'cs_x' }),
)

/**
 * Events signed with the shop's real webhook secret (so they get past the signature check) whose
 * content is wrong: ids of the wrong shape, wrong types, missing fields, amounts and currencies
 * that do not match, unknown orders, timestamps far in the past or future. Plus a few unsigned or
 * badly signed ones.
 */
export function webhookRequests(ids: () => StripeIds): fc.Arbitrary<() => FuzzRequest> {
	return fc
		.record({
			type: fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...EVENT_TYPES) }, nastyString),
			eventId: fc.oneof(
				{
					weight: 4,
					arbitrary: fc.stringMatching(/^[0-9a-f]{8,24}$/).map((h) => `evt_${h}`),
				},
				{ weight: 2, arbitrary: odd },
			),
			sessionPick: fc.nat(),
			sessionId: fc.option(odd, { freq: 3 }),
			orderId: fc.option(odd, { freq: 3 }),
			amount: fc.option(odd, { freq: 3 }),
			currency: fc.constantFrom<unknown>('gbp', 'gbp', 'usd', '', null, 5),
			paymentStatus: fc.constantFrom<unknown>(
				'paid',
				'paid',
				'unpaid',
				'no_payment_required',
				null,
				1,
			),
			status: fc.constantFrom<unknown>('complete', 'open', 'expired', undefined, {}),
			drop: fc.subarray([
				'id',
				'metadata',
				'amount_total',
				'payment_intent',
				'data',
				'type',
				'object',
			]),
			shape: fc.constantFrom(
				'event',
				'event',
				'event',
				'event',
				'event',
				'array',
				'string',
				'number',
				'data-null',
				'object-array',
				'huge',
				'not-json',
			),
			skew: fc.constantFrom(0, 0, 0, 0, -3600, 3600, 86_400 * 365 * 50, -86_400 * 365 * 60),
			signature: fc.constantFrom(
				'good',
				'good',
				'good',
				'good',
				'good',
				'good',
				'none',
				'wrong-secret',
				'garbage',
				'duplicate',
			),
		})
		.map((r) => () => {
			const known = ids()
			const session: Record<string, unknown> = {
				id:
					r.sessionId ??
					known.sessionIds[r.sessionPick % Math.max(1, known.sessionIds.length)] ??
					'cs_test_none',
				object: 'checkout.session',
				status: r.status,
				payment_status: r.paymentStatus,
				amount_total: r.amount ?? known.amount,
				currency: r.currency,
				client_reference_id: r.orderId ?? known.orderId,
				metadata: { order_id: r.orderId ?? known.orderId },
				payment_intent: 'pi_fuzz',
			}
			const timestamp = Math.floor(Date.now() / 1000) + r.skew
			const event: Record<string, unknown> = {
				id: r.eventId,
				object: 'event',
				type: r.type,
				api_version: '2026-10-28.endive',
				created: timestamp,
				livemode: false,
				data: { object: session },
			}
			for (const key of r.drop) {
				delete session[key]
				delete event[key]
			}
			const payload =
				r.shape === 'array'
					? JSON.stringify([event])
					: r.shape === 'string'
						? JSON.stringify('event')
						: r.shape === 'number'
							? '42'
							: r.shape === 'data-null'
								? JSON.stringify({ ...event, data: null })
								: r.shape === 'object-array'
									? JSON.stringify({ ...event, data: { object: [session] } })
									: r.shape === 'huge'
										? JSON.stringify({ ...event, padding: 'x'.repeat(600_000) })
										: r.shape === 'not-json'
											? `{"id":"evt_x",${JSON.stringify(event)}`
											: JSON.stringify(event)
			const sign = (secret: string) =>
				Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp })
			const signature =
				r.signature === 'good'
					? sign(FAKE_WEBHOOK_SECRET)
					: r.signature === 'wrong-secret'
						? sign('whsec_wrong')
						: r.signature === 'garbage'
							? 't=,v1=\u00ff'
							: r.signature === 'duplicate'
								? `${sign('whsec_wrong')},${sign(FAKE_WEBHOOK_SECRET).replace(/^t=\d+,/, '')}`
								: undefined
			const headers: Record<string, string> = { 'content-type': 'application/json' }
			if (signature) headers['stripe-signature'] = signature
			return {
				kind: 'http',
				label: `webhook ${r.shape} ${r.signature}`,
				method: 'POST',
				path: '/webhooks/stripe',
				headers,
				body: Buffer.from(payload),
			} satisfies FuzzRequest
		})
}
