import { and, asc, eq, gt, gte, inArray, lt, ne, or, sql } from 'drizzle-orm'
import type { Db } from '~/.server/db/client'
import { orderDocuments, orders, paymentLinks, products } from '~/.server/db/schema'
import type { BookDocument } from '~/lib/books/book-document'
import type { DocumentContent } from '~/lib/documents'
import { addDays, londonDate, startOfLondonDay } from '~/lib/london-time'

type Range = { from: string; to: string }

/** The instants a period of UK dates covers: from its first midnight to the one after its last day. */
export const instantsOf = (range: Range) => ({
	start: startOfLondonDay(range.from),
	end: startOfLondonDay(addDays(range.to, 1)),
})

/**
 * Every document whose tax point falls in the period (UK dates), in tax-point order, read a batch
 * at a time (keyset on the issue time and number) so a year's export never holds it all.
 */
export async function* bookDocuments(db: Db, range: Range, batch = 500) {
	const { start, end } = instantsOf(range)
	let after: { at: Date; number: string } | null = null
	for (;;) {
		const page = (await db
			.select(COLUMNS)
			.from(orderDocuments)
			.where(
				and(
					gte(orderDocuments.issuedAt, start),
					lt(orderDocuments.issuedAt, end),
					// A build's final account restates the payments' invoices: no tax point of its own.
					ne(orderDocuments.kind, 'final_account'),
					after
						? or(
								gt(orderDocuments.issuedAt, after.at),
								and(eq(orderDocuments.issuedAt, after.at), gt(orderDocuments.number, after.number)),
							)
						: undefined,
				),
			)
			.orderBy(asc(orderDocuments.issuedAt), asc(orderDocuments.number))
			.limit(batch)) as Row[]
		if (!page.length) return
		yield* await enrich(db, page)
		if (page.length < batch) return
		const last = page[page.length - 1]!
		after = { at: last.issuedAt, number: last.number }
	}
}

/** All of a period's documents at once (the page: a quarter is a few hundred to a few thousand). */
export async function allBookDocuments(db: Db, range: Range) {
	const all: BookDocument[] = []
	for await (const doc of bookDocuments(db, range, 2000)) all.push(doc)
	return all
}

/**
 * What the books read of a document: not the whole frozen content (the seller's details repeat
 * on every one), only the customer's name, the totals and the lines — a third of the bytes.
 */
const COLUMNS = {
	number: orderDocuments.number,
	kind: orderDocuments.kind,
	// A pond build's documents belong to its project (decision 0038): the project id stands in.
	orderId: sql<string>`coalesce(${orderDocuments.orderId}, ${orderDocuments.projectId})`,
	buildStageId: orderDocuments.buildStageId,
	issuedAt: orderDocuments.issuedAt,
	refersTo: orderDocuments.refersTo,
	totalPence: orderDocuments.totalPence,
	customer: sql<string>`${orderDocuments.content}->'customer'->>'name'`,
	netPence: sql<number | null>`(${orderDocuments.content}->>'netPence')::int`,
	vatPence: sql<number | null>`(${orderDocuments.content}->>'vatPence')::int`,
	lines: sql<DocumentContent['lines']>`${orderDocuments.content}->'lines'`,
}
type Row = {
	number: string
	kind: BookDocument['kind']
	orderId: string
	buildStageId: number | null
	issuedAt: Date
	refersTo: string | null
	totalPence: number
	customer: string
	netPence: number | null
	vatPence: number | null
	lines: DocumentContent['lines']
}

/** How each order was paid, and each line's category: one query each per batch. */
async function enrich(db: Db, page: Row[]): Promise<BookDocument[]> {
	const orderIds = [...new Set(page.map((d) => d.orderId))]
	const stageIds = [...new Set(page.flatMap((d) => (d.buildStageId ? [d.buildStageId] : [])))]
	const [links, carts, stageLinks] = await Promise.all([
		db
			.select({ orderId: paymentLinks.orderId, provider: paymentLinks.provider })
			.from(paymentLinks)
			.where(
				and(
					inArray(paymentLinks.orderId, orderIds),
					inArray(paymentLinks.status, ['paid', 'refunded']),
				),
			),
		db
			.select({ id: orders.id, cartItems: orders.cartItems })
			.from(orders)
			.where(inArray(orders.id, orderIds)),
		stageIds.length
			? db
					.select({ stageId: paymentLinks.buildStageId, provider: paymentLinks.provider })
					.from(paymentLinks)
					.where(
						and(
							inArray(paymentLinks.buildStageId, stageIds),
							inArray(paymentLinks.status, ['paid', 'refunded']),
						),
					)
			: [],
	])
	const provider = new Map(links.map((l) => [l.orderId, l.provider]))
	// A build stage paid by card has its link's provider; by bank transfer, none ('manual').
	const stageProvider = new Map(stageLinks.map((l) => [l.stageId, l.provider]))
	const codes = [...new Set(carts.flatMap((o) => o.cartItems.map((i) => i.code)))]
	const found = codes.length
		? await db
				.select({ code: products.code, category: products.category })
				.from(products)
				.where(inArray(products.code, codes))
		: []
	const categoryOfCode = new Map(found.map((p) => [p.code, p.category]))
	// Each order's line descriptions as its invoice printed them, to the product's category.
	const categoryOfLine = new Map<string, Map<string, string>>()
	for (const order of carts) {
		const byDescription = new Map<string, string>()
		for (const item of order.cartItems) {
			const description = [item.name, item.selectedSize, item.selectedOption]
				.filter(Boolean)
				.join(', ')
			byDescription.set(description, categoryOfCode.get(item.code) ?? 'other')
		}
		categoryOfLine.set(order.id, byDescription)
	}
	return page.map((d) => {
		const lines = categoryOfLine.get(d.orderId)
		return {
			number: d.number,
			kind: d.kind,
			orderId: d.orderId,
			taxPoint: d.issuedAt.toISOString(),
			day: londonDate(d.issuedAt),
			refersTo: d.refersTo,
			customer: d.customer,
			provider:
				(d.buildStageId ? stageProvider.get(d.buildStageId) : provider.get(d.orderId)) ?? 'manual',
			netPence: d.netPence,
			vatPence: d.vatPence,
			grossPence: d.totalPence,
			lines: d.lines.map((line) => ({
				description: line.description,
				quantity: line.quantity,
				unitGrossPence: line.unitGrossPence,
				netPence: line.netPence,
				vatPence: line.vatPence,
				grossPence: line.grossPence,
				ratePercent: line.ratePercent,
				category:
					line.description === 'Delivery' ? 'delivery' : (lines?.get(line.description) ?? 'other'),
			})),
		}
	})
}
