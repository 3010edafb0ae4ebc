import { and, eq, like, or, sql } from 'drizzle-orm'
import type { Db } from '~/.server/db/client'
import {
	emailOutbox,
	orderLinks,
	orderRequests,
	orders,
	requestPhotos,
	user,
	verification,
} from '~/.server/db/schema'
import { listCustomerOrders } from '~/.server/orders/customer-orders'
import type { SiteAccess } from '~/lib/delivery/suggest'
import type { DeliveryDetails } from '~/lib/delivery-schema'
import { forgetAttempts } from './attempt-limiter'

/** The saved details: the delivery form's fields (the account's email, no order notes). */
export type Profile = Omit<DeliveryDetails, 'notes'> & {
	siteAccess: SiteAccess | null
	createdAt: Date
	updatedAt: Date
}

export async function getProfile(db: Db, userId: string): Promise<Profile | undefined> {
	const [row] = await db
		.select({
			firstName: user.firstName,
			lastName: user.lastName,
			email: user.email,
			phone: user.phone,
			address1: user.address1,
			address2: user.address2,
			city: user.city,
			postcode: user.postcode,
			siteAccess: user.siteAccess,
			createdAt: user.createdAt,
			updatedAt: user.updatedAt,
		})
		.from(user)
		.where(eq(user.id, userId))
	return row
}

/** Merge-update of the saved delivery details (spec: users/{uid} merge). */
export async function saveDeliveryDetails(
	db: Db,
	userId: string,
	details: Pick<
		DeliveryDetails,
		'firstName' | 'lastName' | 'phone' | 'address1' | 'address2' | 'city' | 'postcode'
	> & { siteAccess?: SiteAccess | null },
) {
	// Named fields only: callers pass a whole delivery form, whose email must never become the
	// account's sign-in email.
	const { firstName, lastName, phone, address1, address2, city, postcode } = details
	await db
		.update(user)
		.set({
			firstName,
			lastName,
			phone,
			address1,
			address2,
			city,
			postcode,
			...(details.siteAccess !== undefined ? { siteAccess: details.siteAccess } : {}),
			name: `${firstName} ${lastName}`,
			updatedAt: new Date(),
		})
		.where(eq(user.id, userId))
}

/** UK GDPR right of access: everything we hold about the customer, as JSON. */
export async function exportPersonalData(db: Db, userId: string) {
	return {
		exportedAt: new Date().toISOString(),
		profile: await getProfile(db, userId),
		orders: await listCustomerOrders(db, userId),
	}
}

const REDACTED = {
	firstName: 'Deleted',
	lastName: 'Customer',
	email: '',
	phone: '',
	address1: '',
	address2: '',
	city: '',
	postcode: '',
	notes: '',
}

/**
 * UK GDPR right to erasure: the account, its sessions and saved details go; orders stay for the
 * business's records with the personal details removed and no link to the person. Emails to the
 * customer and about their orders (queued or sent), unused reset links and attempt counters go too. Resolves to the
 * deleted emails' ids, so their .eml files can be removed.
 */
export async function deleteAccount(db: Db, userId: string) {
	return db.transaction(async (tx) => {
		const [row] = await tx.select({ email: user.email }).from(user).where(eq(user.id, userId))
		// Emails to the account's address, and every email about one of its orders, whatever
		// address it went to (a delivery email of its own, the business's notification): each
		// order email names its order in the subject. Before the orders lose their link below.
		const emails = await tx
			.delete(emailOutbox)
			.where(
				or(
					row ? sql`lower(${emailOutbox.to}) = lower(${row.email})` : undefined,
					sql`exists (select 1 from ${orders} where ${orders.userId} = ${userId}
						and strpos(${emailOutbox.subject}, ${orders.id}) > 0)`,
				),
			)
			.returning({ id: emailOutbox.id })
		// Private order links (issue 30) stop working: the orders are no longer anyone's to see.
		await tx
			.delete(orderLinks)
			.where(
				sql`${orderLinks.orderId} in (select ${orders.id} from ${orders} where ${orders.userId} = ${userId})`,
			)
		// Photos of their garden sent with problem reports; the customer's own words in requests.
		const theirRequests = sql`${orderRequests.orderId} in (select ${orders.id} from ${orders} where ${orders.userId} = ${userId})`
		await tx
			.delete(requestPhotos)
			.where(
				sql`${requestPhotos.requestId} in (select ${orderRequests.id} from ${orderRequests} where ${theirRequests})`,
			)
		await tx.update(orderRequests).set({ details: '' }).where(theirRequests)
		await tx
			.update(orders)
			.set({
				userId: null,
				deliveryInfo: sql`${JSON.stringify(REDACTED)}::jsonb`,
				updatedAt: new Date(),
			})
			.where(eq(orders.userId, userId))
		await tx
			.delete(verification)
			.where(and(eq(verification.value, userId), like(verification.identifier, 'reset-password:%')))
		if (row) await forgetAttempts(tx, row.email)
		await tx.delete(user).where(eq(user.id, userId))
		return emails.map((email) => email.id)
	})
}
