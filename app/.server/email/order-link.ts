import crypto from 'node:crypto'
import { and, desc, eq, notInArray, sql } from 'drizzle-orm'
import type { Db, Tx } from '~/.server/db/client'
import { orderLinks, orders } from '~/.server/db/schema'
import type { EmailBlock } from './layout'
import type { ClaimedEmail, EmailMessage } from './outbox'

/**
 * The private order link in every customer order email (issue 30, decision 0021). A builder adds
 * `orderPageBlock()` and marks the message with `withOrderLink()`; the token is made only when the
 * outbox worker writes the email out (`fillOrderLink`), so the queued row, backups and logs never
 * hold a working link — only the email itself does, and the database keeps just its SHA-256.
 */

/** Stands in for the link until the email is sent; braces and dashes survive HTML escaping. */
export const ORDER_LINK_PLACEHOLDER = '{{private-order-link}}'
/** Internal: which order the placeholder opens. Read and removed before the email leaves. */
export const ORDER_LINK_HEADER = 'X-Shop-Order-Link'
/** How long a link opens the order page. */
export const ORDER_LINK_DAYS = 90

/** The button every customer order email carries (the text version shows the same link). */
export const orderPageBlock = (): EmailBlock => ({
	type: 'button',
	text: 'View your order',
	href: ORDER_LINK_PLACEHOLDER,
})

/** Marks a message as carrying the private link to `orderId`. */
export function withOrderLink(orderId: string, message: EmailMessage): EmailMessage {
	return { ...message, headers: { ...message.headers, [ORDER_LINK_HEADER]: orderId } }
}

/** 256 random bits, URL-safe (43 characters). */
export const newOrderLinkToken = () => crypto.randomBytes(32).toString('base64url')
export const ORDER_LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/
export const hashOrderLinkToken = (token: string) =>
	crypto.createHash('sha256').update(token).digest('hex')

export const orderPageUrl = (siteUrl: string, orderId: string, token: string) =>
	`${siteUrl}/account/orders/${orderId}?key=${token}`

/**
 * Just before sending: a fresh token for the marked order, its hash stored, the placeholder
 * replaced and the marker header removed. Only the marked order's link is ever made, so a
 * placeholder typed into a name or a note can at most link the recipient to their own order.
 * A retried send makes another token; an unsent one simply expires.
 */
export async function fillOrderLink(
	db: Db,
	siteUrl: string,
	email: ClaimedEmail,
	now = new Date(),
): Promise<ClaimedEmail> {
	const { [ORDER_LINK_HEADER]: orderId, ...headers } = email.headers ?? {}
	if (!orderId) return email
	const token = await issueOrderLink(db, orderId, email.kind, now)
	const url = orderPageUrl(siteUrl, orderId, token)
	const fill = (body: string) => body.replaceAll(ORDER_LINK_PLACEHOLDER, url)
	return { ...email, headers, html: fill(email.html), text: fill(email.text) }
}

/**
 * A fresh private link to one order: its token, for the caller to put in a link; only its hash is
 * kept. With `keep`, at most that many links of this kind stay for the order, the oldest going
 * first: the token cannot be read back from its hash to hand out again, so a link made on request
 * (pay-order-link.ts) is bounded by count instead.
 */
export async function issueOrderLink(
	db: Db,
	orderId: string,
	kind: string,
	now = new Date(),
	keep?: number,
) {
	const token = newOrderLinkToken()
	const row = {
		tokenHash: hashOrderLinkToken(token),
		orderId,
		kind,
		createdAt: now,
		expiresAt: new Date(now.getTime() + ORDER_LINK_DAYS * 24 * 60 * 60 * 1000),
	}
	if (keep === undefined) await db.insert(orderLinks).values(row)
	else
		await db.transaction(async (tx) => {
			await tx.insert(orderLinks).values(row)
			const kept = tx
				.select({ tokenHash: orderLinks.tokenHash })
				.from(orderLinks)
				.where(and(eq(orderLinks.orderId, orderId), eq(orderLinks.kind, kind)))
				.orderBy(desc(orderLinks.createdAt), desc(orderLinks.tokenHash))
				.limit(keep)
			await tx
				.delete(orderLinks)
				.where(
					and(
						eq(orderLinks.orderId, orderId),
						eq(orderLinks.kind, kind),
						notInArray(orderLinks.tokenHash, kept),
					),
				)
		})
	return token
}

/** UK GDPR erasure: the private links to a customer's orders stop working (their orders are no one's). */
export async function revokeCustomerOrderLinks(tx: Tx, userId: string) {
	await tx
		.delete(orderLinks)
		.where(
			sql`${orderLinks.orderId} in (select ${orders.id} from ${orders} where ${orders.userId} = ${userId})`,
		)
}
