import { and, asc, eq, inArray, max, sql } from 'drizzle-orm'
import type { Db, Tx } from '~/.server/db/client'
import { testimonials } from '~/.server/db/schema'
import { starsOf } from '~/lib/portfolio/project'
import {
	authorOf,
	customerAuthor,
	type PublicTestimonial,
	type TestimonialForm,
} from '~/lib/portfolio/testimonial-schema'

/**
 * The testimonials (issue 32 item 6): shown on the home page in the order set at
 * /admin/testimonials, hidden ones left out. Edits carry the row's version, as projects do.
 */
export const TESTIMONIAL_CHANGED =
	'This testimonial was changed by someone else. Reload to see the latest.'

const order = [asc(testimonials.position), asc(testimonials.id)]

export async function visibleTestimonials(db: Db): Promise<PublicTestimonial[]> {
	const rows = await db
		.select()
		.from(testimonials)
		.where(eq(testimonials.hidden, false))
		.orderBy(...order)
	return rows.map((row) => ({
		id: row.id,
		text: row.text,
		author: authorOf(row),
		rating: starsOf(row.rating),
		avatar: row.avatar,
	}))
}

export async function allTestimonials(db: Db) {
	return db
		.select()
		.from(testimonials)
		.orderBy(...order)
}

export async function createTestimonial(db: Db, by: string, form: TestimonialForm) {
	return db.transaction(async (tx) => {
		await tx.execute(sql`select pg_advisory_xact_lock(3203)`)
		const [last] = await tx.select({ last: max(testimonials.position) }).from(testimonials)
		const [row] = await tx
			.insert(testimonials)
			.values({ ...form, position: (last?.last ?? -1) + 1, updatedBy: by })
			.returning({ id: testimonials.id })
		return row!.id
	})
}

/**
 * A testimonial a customer sent from their finished build's page (issue 59 item 10): hidden
 * until the owner reads it and shows it at /admin/testimonials ('awaiting approval' there), at the
 * end of the order. Written in the caller's transaction with the project's timeline entry.
 */
export async function addCustomerTestimonial(
	tx: Tx,
	projectId: string,
	form: { text: string; name: string; place: string; rating: number },
) {
	await tx.execute(sql`select pg_advisory_xact_lock(3203)`)
	const [last] = await tx.select({ last: max(testimonials.position) }).from(testimonials)
	const [row] = await tx
		.insert(testimonials)
		.values({
			...form,
			hidden: true,
			position: (last?.last ?? -1) + 1,
			projectId,
			updatedBy: customerAuthor(projectId),
		})
		.returning({ id: testimonials.id })
	return row!.id
}

/**
 * Erasure (UK GDPR): the testimonials the customer sent from these projects' pages go, shown or
 * not, however the owner edited them. Resolves to whether one was on show (the caller clears its
 * cached pages).
 */
export async function deleteTestimonialsOf(tx: Tx, projectIds: string[]) {
	if (!projectIds.length) return false
	const gone = await tx
		.delete(testimonials)
		.where(inArray(testimonials.projectId, projectIds))
		.returning({ hidden: testimonials.hidden })
	return gone.some((t) => !t.hidden)
}

type Result = { ok: true } | { ok: false; status: 404 | 409; error: string }

/** Saves the form, or hides / shows, over the version the page showed. */
export async function updateTestimonial(
	db: Db,
	by: string,
	id: number,
	version: number,
	change: Partial<TestimonialForm>,
): Promise<Result> {
	const updated = await db
		.update(testimonials)
		.set({ ...change, version: version + 1, updatedAt: new Date(), updatedBy: by })
		.where(and(eq(testimonials.id, id), eq(testimonials.version, version)))
		.returning({ id: testimonials.id })
	if (updated.length) return { ok: true }
	const [exists] = await db
		.select({ id: testimonials.id })
		.from(testimonials)
		.where(eq(testimonials.id, id))
	return exists
		? { ok: false, status: 409, error: TESTIMONIAL_CHANGED }
		: { ok: false, status: 404, error: 'There is no such testimonial.' }
}

/** One place up or down the order (positions are renumbered 0, 1, 2 … as it goes). */
export async function moveTestimonial(db: Db, id: number, direction: -1 | 1) {
	return db.transaction(async (tx) => {
		await tx.execute(sql`select pg_advisory_xact_lock(3203)`)
		const ids = (
			await tx
				.select({ id: testimonials.id })
				.from(testimonials)
				.orderBy(...order)
		).map((t) => t.id)
		const from = ids.indexOf(id)
		const to = from + direction
		if (from < 0 || to < 0 || to >= ids.length) return false
		;[ids[from], ids[to]] = [ids[to]!, ids[from]!]
		for (const [position, each] of ids.entries())
			await tx.update(testimonials).set({ position }).where(eq(testimonials.id, each))
		return true
	})
}

/** A new shop's demo testimonials (seed.ts writes them once, with its marker). */
export async function addDemoTestimonials(tx: Tx, rows: Array<typeof testimonials.$inferInsert>) {
	await tx.insert(testimonials).values(rows)
}
