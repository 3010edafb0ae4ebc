import type { Db } from '~/.server/db/client'
import { issueOrderLink } from '~/.server/email/order-link'
import { findPaymentLink } from '~/.server/payments/links'
import { orderPath } from '~/lib/order-link-paths'

/** The kind of private link made from a payment link's page (order_links.kind). */
export const PAY_PAGE_LINK_KIND = 'pay-page'
/** At most this many of them live per order; a new one replaces the oldest. */
export const PAY_PAGE_LINKS_KEPT = 3

/**
 * 'View your order' from a payment link's page (issue 62 item 1): the quote email carries both
 * links, so whoever holds the payment link may open its order's page. The payment token alone
 * shows no address, so it is not itself a key: pressing the button makes a fresh private link
 * (decision 0021) to that order only, whatever the payment link's state (paid, expired,
 * replaced or cancelled). Nothing is made for a visit, for the order's signed-in owner (the page
 * opens for them anyway) or for an order whose customer erased their account (no one's to see);
 * those get the page's plain address, where the 404 offers sign-in and a link by email.
 * Undefined for a token that is not a payment link.
 */
export async function orderPageForPayToken(
	db: Db,
	token: string,
	signedInUserId: string | null,
	now = new Date(),
) {
	const found = await findPaymentLink(db, token)
	if (!found) return undefined
	const { order } = found
	if (order.userId === null || order.userId === signedInUserId)
		return orderPath(order.id, null, null)
	const key = await issueOrderLink(db, order.id, PAY_PAGE_LINK_KIND, now, PAY_PAGE_LINKS_KEPT)
	return orderPath(order.id, null, key)
}
