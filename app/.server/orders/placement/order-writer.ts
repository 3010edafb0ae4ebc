import type { Db } from '~/.server/db/client'
import { insertOrderOnce, insertOrders, type OrderWrite } from './insert-order'

/** Orders written in one statement at most (about 25 parameters each). */
export const MAX_BATCH = 32

type Waiting = { write: OrderWrite; resolve(placed: boolean): void; reject(error: unknown): void }

/**
 * Group commit for new orders (decision 0012). Orders that arrive while a write is under way wait
 * for it, then go together in the next statement: one commit for all of them instead of one each.
 * PGlite runs one statement at a time, on one thread, so a commit per order was most
 * of an order's database time; PostgreSQL saves a round trip and a WAL flush per order the same
 * way. Nothing is acknowledged before its statement commits, and each order keeps its own outcome:
 * when a batch fails (a taken order id), its orders are written again one at a time.
 */
export class OrderWriter {
	#waiting: Waiting[] = []
	#writing = false

	constructor(private readonly db: Db) {}

	/** True when written; false when the customer already has an order with its idempotency key. */
	write(write: OrderWrite): Promise<boolean> {
		return new Promise((resolve, reject) => {
			this.#waiting.push({ write, resolve, reject })
			if (!this.#writing) void this.#drain()
		})
	}

	async #drain() {
		this.#writing = true
		try {
			while (this.#waiting.length > 0) await this.#flush(this.#waiting.splice(0, MAX_BATCH))
		} finally {
			this.#writing = false
		}
	}

	async #flush(batch: Waiting[]) {
		if (batch.length > 1) {
			try {
				const placed = await insertOrders(
					this.db,
					batch.map((w) => w.write),
				)
				for (const w of batch) w.resolve(placed.has(w.write.order.id))
				return
			} catch {
				// One order's failure must not become the others': each is written on its own below.
			}
		}
		for (const w of batch) {
			try {
				w.resolve(await insertOrderOnce(this.db, w.write))
			} catch (error) {
				w.reject(error)
			}
		}
	}
}

/** One writer per database handle (each instance and each test has its own). */
const writers = new WeakMap<Db, OrderWriter>()

export function orderWriterFor(db: Db): OrderWriter {
	let writer = writers.get(db)
	if (!writer) {
		writer = new OrderWriter(db)
		writers.set(db, writer)
	}
	return writer
}
