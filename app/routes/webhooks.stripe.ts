import { withStagePayments } from '~/.server/builds/stage-pay'
import { orderDeps } from '~/.server/orders/lifecycle/deps'
import { recordPayment } from '~/.server/orders/payments/record-payment'
import { WebhookSignatureError } from '~/.server/payments/provider'
import type { Route } from './+types/webhooks.stripe'

/**
 * POST /webhooks/stripe (DESIGN section 5): the raw body's signature is checked with the SDK
 * before anything else; a forged, stale or unsigned call gets 400 and changes nothing. A genuine
 * event is stored by id and applied in one transaction, then answered at once. A 500 (database
 * or Stripe unreachable) makes Stripe deliver it again later.
 */
export async function action({ request, context }: Route.ActionArgs) {
	const { payments, logger } = context
	if (request.method !== 'POST' || !payments.verifyWebhook)
		return new Response('Not found.', { status: 404 })
	let event: Awaited<ReturnType<NonNullable<typeof payments.verifyWebhook>>>
	try {
		event = await payments.verifyWebhook(
			await request.text(),
			request.headers.get('stripe-signature'),
		)
	} catch (error) {
		if (error instanceof WebhookSignatureError) {
			logger.warn({ reason: error.message }, 'stripe webhook rejected: bad signature')
			return new Response('Invalid signature.', { status: 400 })
		}
		logger.error({ err: error }, 'stripe webhook could not be verified')
		return new Response('Try again later.', { status: 500 })
	}
	// A pond build stage's payment is applied by the builds area (decision 0038).
	const { outcome, orderId } = await recordPayment(withStagePayments(orderDeps(context)), {
		event,
		payment: event.payment,
	})
	const level = outcome === 'flagged' || outcome === 'duplicate_event' ? 'warn' : 'info'
	logger[level]({ eventId: event.id, type: event.type, outcome, orderId }, 'stripe webhook')
	return Response.json({ received: true, outcome })
}

export function loader() {
	return new Response('Method not allowed.', { status: 405, headers: { Allow: 'POST' } })
}
