import { and, eq, inArray, lt, sql } from 'drizzle-orm'
import type { Db, Tx } from '~/.server/db/client'
import { rows } from '~/.server/db/rows'
import { addressCaps, visitorCaps } from '~/.server/db/schema'

/**
 * The caps on what visit counting writes in one UK day (issue 57 item 6). Without them one
 * client could write millions of rows a day, each new User-Agent a new visitor, and use up the
 * shop's daily visitor cap so that real visitors stopped being counted. The counts live in the
 * database, so the caps hold however many instances count.
 */
export type VisitCaps = {
	/** Views and events one visitor key may add in a day. */
	perVisitor: number
	/** Views and events one address (IPv4, or IPv6 /64) may add in a day, whatever its browsers. */
	perAddress: number
	/** New visitor keys one address may bring in a day: a new User-Agent is a new key. */
	keysPerAddress: number
	/** Visitor keys the whole shop counts in a day. */
	visitorsPerDay: number
}

export const VISIT_CAPS: VisitCaps = {
	perVisitor: 300,
	perAddress: 600,
	keysPerAddress: 20,
	visitorsPerDay: 50_000,
}

/** One visit to be counted: its visitor key and its address's (salted) key. */
export type Candidate = { key: string; address: string }

/** The whole shop's row among the addresses. */
const SHOP = '*'
/** Rows per statement: four parameters each stays far below PostgreSQL's 65,535. */
const CHUNK = 2000

/**
 * Which of one day's candidates may be counted, in order. Every candidate is counted against its
 * key and its address in one upsert per table (returning the totals after it), so two instances
 * flushing at once each see the other's share; a key over its address's (or the shop's) allowance
 * of new keys is marked refused for the rest of the day.
 */
export async function allowedVisits(
	db: Db,
	day: string,
	candidates: Candidate[],
	caps: VisitCaps = VISIT_CAPS,
): Promise<boolean[]> {
	if (candidates.length === 0) return []
	// One instance's flush at a time: a key another flush had just taken as new, and was about to
	// refuse, was otherwise counted here as already known (30 keys for an address capped at 20).
	return db.transaction(async (tx) => {
		await tx.execute(sql`select pg_advisory_xact_lock(${VISIT_CAPS_LOCK})`)
		return allowedIn(tx, day, candidates, caps)
	})
}

/** Any number that no other advisory lock of the shop uses. */
const VISIT_CAPS_LOCK = 3301

async function allowedIn(db: Tx, day: string, candidates: Candidate[], caps: VisitCaps) {
	const perKey = new Map<string, { address: string; n: number }>()
	const perAddress = new Map<string, number>()
	for (const { key, address } of candidates) {
		const known = perKey.get(key)
		if (known) known.n++
		else perKey.set(key, { address, n: 1 })
		perAddress.set(address, (perAddress.get(address) ?? 0) + 1)
	}
	// The keys first: which are new today, and what each has sent in all.
	const keys = [...perKey]
	const keyTotals = new Map<string, { views: number; refused: boolean; inserted: boolean }>()
	for (let i = 0; i < keys.length; i += CHUNK) {
		const values = keys
			.slice(i, i + CHUNK)
			.map(([key, { n }]) => sql`(${day}::date, ${key}, ${n}::int)`)
		const found = await rows<{ key: string; views: number; refused: boolean; inserted: boolean }>(
			db,
			sql`insert into ${visitorCaps} (day, visitor_key, views) values ${sql.join(values, sql`, `)}
				on conflict (day, visitor_key) do update set views = ${visitorCaps.views} + excluded.views
				returning visitor_key as key, views, refused, (xmax = 0) as inserted`,
		)
		for (const row of found) keyTotals.set(row.key, { ...row, views: Number(row.views) })
	}
	const fresh = new Map<string, number>()
	for (const [key, { address }] of keys)
		if (keyTotals.get(key)?.inserted) fresh.set(address, (fresh.get(address) ?? 0) + 1)
	// Then each address: what it has sent and how many new keys it has brought, in all.
	const addresses = [...perAddress]
	const room = new Map<string, { views: number; keys: number }>()
	for (let i = 0; i < addresses.length; i += CHUNK) {
		const values = addresses
			.slice(i, i + CHUNK)
			.map(
				([address, n]) =>
					sql`(${day}::date, ${address}, ${n}::int, ${fresh.get(address) ?? 0}::int)`,
			)
		for (const row of await bump(db, values)) {
			const sent = perAddress.get(row.address)!
			const brought = fresh.get(row.address) ?? 0
			room.set(row.address, {
				views: within(caps.perAddress, Number(row.views), sent),
				keys: within(caps.keysPerAddress, Number(row.keys), brought),
			})
		}
	}
	// The shop's own allowance of new keys, for those their address allowed.
	const wanted = [...room.entries()].reduce(
		(sum, [address, r]) => sum + Math.min(r.keys, fresh.get(address) ?? 0),
		0,
	)
	let shopRoom = 0
	if (wanted > 0) {
		const [shop] = await bump(db, [sql`(${day}::date, ${SHOP}, 0, ${wanted}::int)`])
		shopRoom = within(caps.visitorsPerDay, Number(shop!.keys), wanted)
	}
	const refused = new Set<string>()
	const allowance = new Map<string, number>()
	for (const [key, { address, n }] of keys) {
		const total = keyTotals.get(key)!
		let ok = !total.refused
		if (ok && total.inserted) {
			const r = room.get(address)!
			ok = r.keys > 0 && shopRoom > 0
			if (ok) {
				r.keys--
				shopRoom--
			} else refused.add(key)
		}
		allowance.set(key, ok ? within(caps.perVisitor, total.views, n) : 0)
	}
	const refusedKeys = [...refused]
	for (let i = 0; i < refusedKeys.length; i += CHUNK)
		await db
			.update(visitorCaps)
			.set({ refused: true })
			.where(
				and(
					eq(visitorCaps.day, day),
					inArray(visitorCaps.visitorKey, refusedKeys.slice(i, i + CHUNK)),
				),
			)
	return candidates.map(({ key, address }) => {
		const r = room.get(address)!
		const left = allowance.get(key)!
		if (left <= 0 || r.views <= 0) return false
		allowance.set(key, left - 1)
		r.views--
		return true
	})
}

/** How many of the `added` just counted fit under `cap`, given the total after them. */
const within = (cap: number, totalAfter: number, added: number) =>
	Math.max(0, Math.min(added, cap - (totalAfter - added)))

function bump(db: Tx, values: ReturnType<typeof sql>[]) {
	return rows<{ address: string; views: number; keys: number }>(
		db,
		sql`insert into ${addressCaps} (day, address, views, keys) values ${sql.join(values, sql`, `)}
			on conflict (day, address) do update set views = ${addressCaps.views} + excluded.views,
				keys = ${addressCaps.keys} + excluded.keys
			returning address, views, keys`,
	)
}

/** The counts of days before `today` (UK date) go with their salts. */
export async function deleteOldCaps(db: Db, today: string) {
	await db.delete(visitorCaps).where(lt(visitorCaps.day, today))
	await db.delete(addressCaps).where(lt(addressCaps.day, today))
}
