import { inArray, type SQL, sql } from 'drizzle-orm'
import type { Db } from '~/.server/db/client'
import { rows } from '~/.server/db/rows'
import { products } from '~/.server/db/schema'
import type { DocumentKind } from '~/.server/db/schema/documents'
import type { ReportDocument } from '~/lib/books/book-document'
import { londonDate } from '~/lib/london-time'
import { instantsOf } from './documents'

type Range = { from: string; to: string }

/**
 * A period's documents as /admin/money adds them up: each document's own figures, and its lines
 * summed by category — the report needs no more of a line than its category and total. The same
 * figures as `bookDocuments` (`books.test.ts` compares the two), read as one JSON array of flat
 * values in one row rather than thousands of rows carrying the lines' and carts' jsonb: the
 * embedded database's cost is per row and per jsonb value passed out, so a quarter of 5,000
 * documents reads in a fraction of the time (bench:books, decision 0031).
 */
export async function reportDocuments(db: Db, range: Range): Promise<ReportDocument[]> {
	const { start, end } = instantsOf(range)
	const docs = await asArray<DocumentRow>(db, documentsQuery(start, end))
	const codes = [...new Set(docs.flatMap((d) => d.l.map(([code]) => code ?? '')))]
	const found = codes.length
		? await db
				.select({ code: products.code, category: products.category })
				.from(products)
				.where(inArray(products.code, codes))
		: []
	const categoryOfCode = new Map(found.map((p) => [p.code, p.category]))
	return docs.map((d) => {
		const issuedAt = new Date(d.t)
		const sums = new Map<string, number>()
		for (const [code, grossPence] of d.l) {
			const category =
				code === null ? 'delivery' : code === '' ? 'other' : (categoryOfCode.get(code) ?? 'other')
			sums.set(category, (sums.get(category) ?? 0) + grossPence)
		}
		return {
			number: d.n,
			kind: d.k,
			orderId: d.o,
			taxPoint: issuedAt.toISOString(),
			day: londonDate(issuedAt),
			refersTo: d.r,
			customer: d.c,
			provider: d.p ?? 'manual',
			netPence: d.net,
			vatPence: d.vat,
			grossPence: d.g,
			lines: [...sums].map(([category, grossPence]) => ({ category, grossPence })),
		}
	})
}

type DocumentRow = {
	n: string
	// The final account is left out by the query (decision 0038).
	k: Exclude<DocumentKind, 'final_account'>
	o: string
	t: string
	r: string | null
	g: number
	c: string
	net: number | null
	vat: number | null
	p: string | null
	/** Each line: [its product's code — null for the delivery line, '' if none matches — total]. */
	l: Array<[string | null, number]>
}

/**
 * Each document with how its order was paid (the paid, or since refunded, link's provider) and
 * each line's product code as `bookDocuments` finds a line's category: the order's cart item
 * printed with that description (the last such item: `jsonb_object_agg` keeps a repeated key's
 * last value).
 */
function documentsQuery(start: Date, end: Date) {
	// The content is read once per document (jsonb_to_record) and the cart once per order: each
	// reference to a jsonb column would decompress it again.
	return sql`select d.number as n, d.kind as k, coalesce(d.order_id, d.project_id) as o, d.issued_at as t,
			d.refers_to as r, d.total_pence as g, j.customer->>'name' as c,
			j."netPence" as net, j."vatPence" as vat,
			(select pl.provider from payment_links pl
				where (pl.order_id = d.order_id or pl.build_stage_id = d.build_stage_id)
				and pl.status in ('paid', 'refunded') limit 1) as p,
			(select coalesce(json_agg(json_build_array(
				case when x.line->>'description' = 'Delivery' then null
					else coalesce(cart.codes->>(x.line->>'description'), '') end,
				(x.line->>'grossPence')::int)), '[]'::json)
				from jsonb_array_elements(j.lines) as x(line)) as l
		from order_documents d
		cross join lateral jsonb_to_record(d.content)
			as j(customer jsonb, "netPence" int, "vatPence" int, lines jsonb)
		-- A pond build's documents have no order (decision 0038): no cart, so no product codes.
		left join orders o on o.id = d.order_id
		cross join lateral (
			select coalesce(jsonb_object_agg(
				concat_ws(', ', nullif(i.item->>'name', ''), nullif(i.item->>'selectedSize', ''),
					nullif(i.item->>'selectedOption', '')),
				i.item->>'code' order by i.k), '{}'::jsonb) as codes
			from jsonb_array_elements(o.cart_items) with ordinality as i(item, k)
		) cart
		where d.issued_at >= ${start.toISOString()}::timestamptz
			and d.issued_at < ${end.toISOString()}::timestamptz
			and d.kind <> 'final_account'
		order by d.issued_at, d.number`
}

/** A query's rows as one JSON array in one row: one value to move and parse, not thousands. */
async function asArray<T>(db: Db, query: SQL): Promise<T[]> {
	const [row] = await rows<{ all: T[] | string }>(
		db,
		sql`select coalesce(json_agg(q), '[]'::json) as all from (${query}) q`,
	)
	const all = row?.all ?? []
	return typeof all === 'string' ? (JSON.parse(all) as T[]) : all
}
