import { eq } from 'drizzle-orm'
import type { Db, Tx } from '~/.server/db/client'
import { user } from '~/.server/db/schema'
import type { SiteAccess } from '~/lib/delivery/suggest'
import type { DeliveryDetails } from '~/lib/delivery-schema'

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

/** UK GDPR erasure, the last step: the account itself (its sessions and sign-ins go with it). */
export async function deleteUser(tx: Tx, userId: string) {
	await tx.delete(user).where(eq(user.id, userId))
}
