import { BellOff } from 'lucide-react'
import { data, Form, useNavigation } from 'react-router'
import { orderDeps } from '~/.server/orders/lifecycle/deps'
import { stopQuoteReminders } from '~/.server/orders/quotes/quote-follow-up'
import { findPaymentLink } from '~/.server/payments/links'
import { RateWindow } from '~/.server/rate-window'
import { pageMeta } from '~/lib/seo'
import type { Route } from './+types/pay.$token.reminders'

/**
 * /pay/<token>/reminders: 'stop reminders for this order', linked from each quote reminder. A visit
 * only asks (mail scanners open links); the button — or a mail app's own unsubscribe button, which
 * posts here directly (RFC 8058 one-click) — stops them. The link's token is the credential.
 */
export const meta: Route.MetaFunction = (args) =>
	pageMeta(args, {
		title: 'Quote reminders',
		description: 'Stop reminder emails about a quote.',
		noindex: true,
	})

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' })

const attempts = new RateWindow(20, 10 * 60_000)
const NOT_FOUND = 'This link is not valid. Please check you copied the whole link from our email.'

export async function loader({ params, context }: Route.LoaderArgs) {
	if (!attempts.take(params.token)) throw data('Too many attempts. Please wait a few minutes.', 429)
	const found = await findPaymentLink(context.db, params.token)
	if (!found) return data({ orderId: null, stopped: false }, { status: 404 })
	return { orderId: found.order.id, stopped: found.order.remindersOff }
}

export async function action({ params, context }: Route.ActionArgs) {
	if (!attempts.take(params.token)) throw data('Too many attempts. Please wait a few minutes.', 429)
	const found = await findPaymentLink(context.db, params.token)
	if (!found) return data({ orderId: null, stopped: false }, { status: 404 })
	const result = await stopQuoteReminders(orderDeps(context), found.link)
	if (result.ok) context.logger.info({ orderId: found.order.id }, 'quote reminders stopped')
	return { orderId: found.order.id, stopped: true }
}

export default function QuoteReminders({ loaderData, actionData }: Route.ComponentProps) {
	const { orderId, stopped } = actionData ?? loaderData
	const busy = useNavigation().state !== 'idle'
	return (
		<div className="container-page max-w-2xl py-20 text-center">
			<BellOff aria-hidden="true" className="mx-auto size-12 text-pond-800" />
			<h1 className="mt-4 font-display text-3xl font-bold text-pond-900">
				{orderId === null
					? 'Link not found'
					: stopped
						? 'Reminders stopped'
						: 'Stop quote reminders?'}
			</h1>
			<p role="status" className="mt-4 text-lg text-slate-700">
				{orderId === null
					? NOT_FOUND
					: stopped
						? `We will not send more reminders about the quote for order ${orderId}. Your payment link still works until the price ends.`
						: `We send a reminder before a quoted price ends. Stop them for order ${orderId}? Your payment link keeps working.`}
			</p>
			{orderId !== null && !stopped ? (
				<Form method="post" className="mt-8">
					<button type="submit" className="btn-primary" disabled={busy}>
						{busy ? 'Stopping…' : 'Stop reminders for this order'}
					</button>
				</Form>
			) : null}
		</div>
	)
}
