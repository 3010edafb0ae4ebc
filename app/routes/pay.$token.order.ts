import { data, redirect } from 'react-router'
import { getSessionUser } from '~/.server/auth/guards'
import { orderPageForPayToken } from '~/.server/orders/pages/pay-order-link'
import { RateWindow } from '~/.server/rate-window'
import type { Route } from './+types/pay.$token.order'

/**
 * POST /pay/<token>/order: 'View your order' on a payment link's page (issue 62 item 1). Opens
 * that link's order page with a fresh private link for whoever holds the payment token
 * (pay-order-link.ts); a visit (GET) makes nothing and goes back to the payment page.
 */
const NO_STORE = { 'Cache-Control': 'private, no-store' }

/** Per payment link and instance: each press makes a link (the oldest beyond three go). */
const presses = new RateWindow(10, 10 * 60_000)

export function loader({ params }: Route.LoaderArgs) {
	return redirect(`/pay/${encodeURIComponent(params.token)}`, { headers: NO_STORE })
}

export async function action({ params, request, context }: Route.ActionArgs) {
	if (!presses.take(params.token))
		throw data('Too many attempts on this payment link. Please wait a few minutes.', {
			status: 429,
			headers: NO_STORE,
		})
	const user = await getSessionUser(request, context)
	const path = await orderPageForPayToken(context.db, params.token, user?.id ?? null)
	if (!path) throw data('This payment link is not valid.', { status: 404, headers: NO_STORE })
	return redirect(path, { status: 303, headers: NO_STORE })
}
