import { isbot } from 'isbot'
import type { Db } from '~/.server/db/client'
import { pageViews, visitEvents } from '~/.server/db/schema'
import type { Env } from '~/.server/env'
import type { Logger } from '~/.server/logger'
import { type CountedPage, countedPage } from '~/lib/analytics/pages'
import { deviceClass, referrerHost, utmTags } from '~/lib/analytics/visit-source'
import { londonDate } from '~/lib/london-time'
import { addressKey, saltFor, visitorKey } from './salt'
import { allowedVisits, type Candidate, VISIT_CAPS, type VisitCaps } from './visit-caps'

/**
 * What a request told us, held in this process's memory until the next flush (at most a second):
 * the address and browser are needed for the visitor key and are never written anywhere.
 */
export type Visit = {
	at: number
	ip: string
	userAgent: string
} & (
	| { kind: 'view'; path: string; search: string; referrer: string | undefined }
	| { kind: 'cart'; itemId: string }
)

export type RecorderOptions = {
	db: Db
	/** The site's host: part of the key, and a referrer from it is not a referrer. */
	siteHost: string
	logger: Logger
	flushMs?: number
	/** Visits waiting for a flush; past it new ones are dropped (the page is never slowed). */
	maxBuffer?: number
	/** What one visitor key, one address and the whole shop may add in a UK day (visit-caps.ts). */
	caps?: VisitCaps
}

const INSERT_CHUNK = 2000

/** The instance's recorder, or none when VISIT_COUNTING=off (not started: boot() starts it). */
export function visitRecorderFor(env: Env, db: Db, logger: Logger) {
	if (env.VISIT_COUNTING === 'off') return undefined
	return new VisitRecorder({ db, siteHost: new URL(env.SITE_URL).hostname, logger })
}

/**
 * Counts visits in batches: `record` only appends to a bounded array; once a second `flush`
 * computes visitor keys with the day's salt, drops bots and non-pages, applies the caps (in the
 * database, shared by every instance: visit-caps.ts) and writes with one multi-row insert per
 * table (decision 0020). A crash loses at most that second.
 */
export class VisitRecorder {
	#buffer: Visit[] = []
	#timer: NodeJS.Timeout | undefined
	#flushing: Promise<void> | undefined
	#salts = new Map<string, string>()
	#days = new Map<number, string>()
	dropped = 0
	readonly #o: Required<RecorderOptions>

	constructor(options: RecorderOptions) {
		this.#o = {
			flushMs: 1000,
			maxBuffer: 20_000,
			caps: VISIT_CAPS,
			...options,
		}
	}

	start() {
		this.#timer ??= setInterval(() => void this.flush(), this.#o.flushMs)
		this.#timer.unref()
		return this
	}

	/** Appends a visit; false when the buffer is full (the visit is not counted). */
	record(visit: Visit) {
		if (this.#buffer.length >= this.#o.maxBuffer) {
			this.dropped++
			return false
		}
		this.#buffer.push(visit)
		return true
	}

	get pending() {
		return this.#buffer.length
	}

	/** The visitor key of an address and browser today (for the beacon's rate limit). */
	async keyOf(ip: string, userAgent: string, at = Date.now()) {
		const salt = await this.#salt(this.#day(at))
		return visitorKey(salt, this.#o.siteHost, ip, userAgent)
	}

	/** Writes what is waiting; one flush at a time (a second call waits for the running one). */
	flush(): Promise<void> {
		if (this.#flushing) return this.#flushing
		if (this.#buffer.length === 0) return Promise.resolve()
		const batch = this.#buffer
		this.#buffer = []
		this.#flushing = this.#write(batch)
			.catch((error: unknown) => {
				this.#o.logger.warn({ err: error, count: batch.length }, 'visit counts not written')
			})
			.finally(() => {
				this.#flushing = undefined
			})
		return this.#flushing
	}

	/** Stops the timer and writes what is left (shutdown). */
	async close() {
		clearInterval(this.#timer)
		this.#timer = undefined
		await this.#flushing
		await this.flush()
	}

	async #write(batch: Visit[]) {
		// Each visit that may be counted, with its keys, grouped by UK day for the caps.
		const byDay = new Map<
			string,
			Array<{ visit: Visit; page: CountedPage | undefined } & Candidate>
		>()
		for (const visit of batch) {
			if (!visit.userAgent || isbot(visit.userAgent)) continue
			const day = this.#day(visit.at)
			const page = visit.kind === 'view' ? countedPage(visit.path) : undefined
			if (page === null) continue
			const salt = await this.#salt(day)
			const key = visitorKey(salt, this.#o.siteHost, visit.ip, visit.userAgent)
			const address = addressKey(salt, this.#o.siteHost, visit.ip)
			const list = byDay.get(day) ?? []
			list.push({ visit, page, key, address })
			byDay.set(day, list)
		}
		const views: (typeof pageViews.$inferInsert)[] = []
		const events: (typeof visitEvents.$inferInsert)[] = []
		for (const [day, list] of byDay) {
			const allowed = await allowedVisits(this.#o.db, day, list, this.#o.caps)
			for (const [i, { visit, page, key }] of list.entries()) {
				if (!allowed[i]) continue
				const at = new Date(visit.at)
				if (visit.kind === 'cart') {
					events.push({ at, kind: 'cart', itemId: visit.itemId, visitorKey: key })
					continue
				}
				views.push({
					at,
					route: page!.route,
					itemId: page!.itemId,
					referrerHost: referrerHost(visit.referrer, this.#o.siteHost),
					...utmTags(visit.search),
					device: deviceClass(visit.userAgent),
					visitorKey: key,
				})
			}
		}
		for (let i = 0; i < views.length; i += INSERT_CHUNK)
			await this.#o.db.insert(pageViews).values(views.slice(i, i + INSERT_CHUNK))
		for (let i = 0; i < events.length; i += INSERT_CHUNK)
			await this.#o.db.insert(visitEvents).values(events.slice(i, i + INSERT_CHUNK))
		// A past day's salt leaves memory too: nothing here can recompute yesterday's keys.
		const today = this.#day(Date.now())
		for (const day of this.#salts.keys()) if (day < today) this.#salts.delete(day)
	}

	async #salt(day: string) {
		const known = this.#salts.get(day)
		if (known) return known
		const salt = await saltFor(this.#o.db, day)
		// Only today's and yesterday's (a flush just after midnight) salts are kept in memory.
		if (this.#salts.size >= 2) this.#salts.delete(this.#salts.keys().next().value!)
		this.#salts.set(day, salt)
		return salt
	}

	/** The UK day of an instant, worked out once a minute. */
	#day(at: number) {
		const minute = Math.floor(at / 60_000)
		let day = this.#days.get(minute)
		if (!day) {
			if (this.#days.size > 4) this.#days.clear()
			day = londonDate(new Date(at))
			this.#days.set(minute, day)
		}
		return day
	}
}
