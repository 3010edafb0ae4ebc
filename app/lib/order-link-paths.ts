// No zod here: the root error page reads these on every page.
/** Where 'email me a new link to my order' is asked for (its own page). */
export const ORDER_LINK_REQUEST_PATH = '/account/orders/new-link'

/** The order page's 404 says this, so the 404 page offers a fresh link (and nothing else differs). */
export const ORDER_NOT_FOUND = 'Order not found'

/** A page under one order ('return', 'problem', a document), carrying the visitor's private key. */
export const orderPath = (orderId: string, sub: string | null, key: string | null) =>
	`/account/orders/${orderId}${sub ? `/${sub}` : ''}${key ? `?key=${encodeURIComponent(key)}` : ''}`

/** The order number in an order page's address, or null: only a well-formed one is echoed back. */
export function orderIdInPath(pathname: string) {
	return /^\/account\/orders\/(KP-[A-Z0-9]{6})(?:\/|$)/i.exec(pathname)?.[1]?.toUpperCase() ?? null
}

/** 'Email me a new link', with the order number already filled in when there is one. */
export const orderLinkRequestPath = (orderId: string | null) =>
	orderId ? `${ORDER_LINK_REQUEST_PATH}?order=${orderId}` : ORDER_LINK_REQUEST_PATH

/** 'View your order' on a payment link's page posts here (issue 62 item 1). */
export const payOrderPath = (payToken: string) => `/pay/${encodeURIComponent(payToken)}/order`

/**
 * 'Sign in to see your order' on the order page's 404: sign-in comes back to that order's page
 * (its path only, never a key), or plain sign-in when the address has no well-formed order number.
 */
export const orderSignInPath = (orderId: string | null) =>
	orderId ? `/auth?redirectTo=${encodeURIComponent(`/account/orders/${orderId}`)}` : '/auth'
