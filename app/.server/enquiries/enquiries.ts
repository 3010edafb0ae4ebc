import { and, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm'
import type { Db } from '~/.server/db/client'
import { containsPattern } from '~/.server/db/like'
import { enquiries } from '~/.server/db/schema'
import {
	enquiryAcknowledgementEmail,
	enquiryNotificationEmail,
} from '~/.server/email/enquiry-emails'
import { enqueueEmail } from '~/.server/email/outbox'
import { ENQUIRY_ID_PATTERN, readableId } from '~/.server/orders/lifecycle/order-id'
import type { EnquiryInput, EnquiryStatus } from '~/lib/enquiry-schema'

export const ENQUIRY_PAGE_SIZE = 50

/** Stores the enquiry and queues both emails in one transaction. */
export async function submitEnquiry(db: Db, deps: { siteUrl: string }, input: EnquiryInput) {
	const enquiry = {
		id: readableId('EN'),
		name: input.name,
		email: input.email,
		phone: input.phone,
		topic: input.topic,
		productCode: input.product,
		message: input.message,
	}
	await db.transaction(async (tx) => {
		await tx.insert(enquiries).values(enquiry)
		await enqueueEmail(tx, enquiryNotificationEmail(enquiry, deps.siteUrl))
		await enqueueEmail(tx, enquiryAcknowledgementEmail(enquiry))
	})
	return enquiry.id
}

/** Newest first; the text filter looks in the name, email, product code and message. */
export async function listEnquiries(
	db: Db,
	filters: { status?: EnquiryStatus; q?: string; page: number },
) {
	const clauses: Array<SQL | undefined> = [
		filters.status ? eq(enquiries.status, filters.status) : undefined,
		filters.q
			? or(
					ilike(enquiries.name, containsPattern(filters.q)),
					ilike(enquiries.email, containsPattern(filters.q)),
					ilike(enquiries.productCode, containsPattern(filters.q)),
					ilike(enquiries.message, containsPattern(filters.q)),
					ilike(enquiries.id, containsPattern(filters.q)),
				)
			: undefined,
	]
	const rows = await db
		.select({
			id: enquiries.id,
			createdAt: enquiries.createdAt,
			name: enquiries.name,
			topic: enquiries.topic,
			productCode: enquiries.productCode,
			status: enquiries.status,
			preview: sql<string>`left(${enquiries.message}, 120)`,
		})
		.from(enquiries)
		.where(and(...clauses.filter(Boolean)))
		.orderBy(desc(enquiries.createdAt), desc(enquiries.id))
		.limit(ENQUIRY_PAGE_SIZE + 1)
		.offset((filters.page - 1) * ENQUIRY_PAGE_SIZE)
	return {
		enquiries: rows
			.slice(0, ENQUIRY_PAGE_SIZE)
			.map((r) => ({ ...r, createdAt: new Date(r.createdAt).toISOString() })),
		hasOlder: rows.length > ENQUIRY_PAGE_SIZE,
	}
}

export async function getEnquiry(db: Db, id: string) {
	if (!ENQUIRY_ID_PATTERN.test(id)) return undefined
	const [row] = await db.select().from(enquiries).where(eq(enquiries.id, id))
	return row
}

export async function updateEnquiry(
	db: Db,
	id: string,
	change: { status: EnquiryStatus; notes: string },
) {
	const [row] = await db
		.update(enquiries)
		.set({ ...change, updatedAt: new Date() })
		.where(eq(enquiries.id, id))
		.returning({ id: enquiries.id })
	return Boolean(row)
}
