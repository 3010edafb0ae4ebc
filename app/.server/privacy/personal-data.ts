import { eq } from 'drizzle-orm'
import { forgetAttempts } from '~/.server/auth/attempt-limiter'
import { forgetResetLinks } from '~/.server/auth/auth'
import { deleteUser, getProfile } from '~/.server/auth/profile'
import { anonymiseProjectsOf } from '~/.server/builds/project-lifecycle'
import { revokeProjectLinks } from '~/.server/builds/project-links'
import { customerProjectsData } from '~/.server/builds/project-pages'
import { deleteProjectPhotos } from '~/.server/builds/project-photos'
import { anonymiseQuotesOf } from '~/.server/builds/quotes'
import type { Db } from '~/.server/db/client'
import { user } from '~/.server/db/schema'
import { revokeCustomerOrderLinks } from '~/.server/email/order-link'
import { deleteCustomerEmails } from '~/.server/email/outbox'
import { anonymiseCustomerRequests } from '~/.server/orders/after-sale/request-records'
import { anonymiseOrdersOf } from '~/.server/orders/lifecycle/lifecycle'
import { listCustomerOrders } from '~/.server/orders/pages/customer-orders'
import { deleteTestimonialsOf } from '~/.server/portfolio/testimonials'

/**
 * A customer's rights over their personal data (UK GDPR): a copy of it, and its erasure. An area
 * of its own above orders and builds, because it reads and changes both; each table is changed by
 * its owner's function.
 */

/** UK GDPR right of access: everything we hold about the customer, as JSON. */
export async function exportPersonalData(db: Db, userId: string) {
	const profile = await getProfile(db, userId)
	return {
		exportedAt: new Date().toISOString(),
		profile,
		orders: await listCustomerOrders(db, userId),
		pondBuilds: await customerProjectsData(db, userId, profile?.email),
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
 * UK GDPR right to erasure: the account, its sessions and saved details go; orders and pond-build
 * projects stay for the business's records with the personal details removed and no link to the
 * person (a project's site photos, private links and the testimonial sent from it go). Emails to
 * the customer and about their orders (queued or sent), unused reset links and attempt counters
 * go too. Resolves to the deleted emails' ids, so their .eml files can be removed, and whether a
 * testimonial on show went (cached pages then change).
 */
export async function deleteAccount(db: Db, userId: string) {
	return db.transaction(async (tx) => {
		const [row] = await tx.select({ email: user.email }).from(user).where(eq(user.id, userId))
		// Everything found through the customer's orders goes before the orders lose their link.
		const emails = await deleteCustomerEmails(tx, userId, row?.email)
		// Private order links (issue 30) stop working: the orders are no longer anyone's to see.
		await revokeCustomerOrderLinks(tx, userId)
		await anonymiseCustomerRequests(tx, userId)
		await anonymiseOrdersOf(tx, userId, REDACTED)
		const projects = await anonymiseProjectsOf(tx, userId, row?.email)
		await deleteProjectPhotos(tx, projects)
		await revokeProjectLinks(tx, projects)
		await anonymiseQuotesOf(tx, projects)
		const testimonialShown = await deleteTestimonialsOf(tx, projects)
		await forgetResetLinks(tx, userId)
		if (row) await forgetAttempts(tx, row.email)
		await deleteUser(tx, userId)
		return { emails, testimonialShown }
	})
}
