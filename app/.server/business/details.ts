import { desc } from 'drizzle-orm'
import type { Db, Tx } from '~/.server/db/client'
import { businessSettings } from '~/.server/db/schema'
import { DEMO_BUSINESS_DETAILS } from '~/lib/business'
import type { BusinessDetails } from '~/lib/business-details'

/** As for delivery rates: a save by another instance is seen within a second, by this one at once. */
export const DETAILS_CHECK_MS = 1000

type Cached = { details: BusinessDetails; checkedAt: number }
/**
 * The details this process read last, for code that renders synchronously (the email layout):
 * refreshed by every page view (the root loader) and by a save, so at most a page view old.
 */
let latest: BusinessDetails = DEMO_BUSINESS_DETAILS
export const latestBusinessDetails = () => latest
/** Per database handle (each instance and each test has its own). */
const cache = new WeakMap<Db, Cached>()

/** The details in force: the newest save, or the demo values until the owner saves. */
export async function getBusinessDetails(db: Db | Tx): Promise<BusinessDetails> {
	const [row] = await db
		.select({ details: businessSettings.details })
		.from(businessSettings)
		.orderBy(desc(businessSettings.id))
		.limit(1)
	return { ...DEMO_BUSINESS_DETAILS, ...row?.details }
}

/** For every page (the root loader), emails and documents: read at most once a second. */
export async function currentBusinessDetails(db: Db, now = Date.now()): Promise<BusinessDetails> {
	const cached = cache.get(db)
	if (cached && now - cached.checkedAt < DETAILS_CHECK_MS) return cached.details
	const details = await getBusinessDetails(db)
	cache.set(db, { details, checkedAt: now })
	latest = details
	return details
}

export async function saveBusinessDetails(db: Db, changedBy: string, details: BusinessDetails) {
	await db.insert(businessSettings).values({ details, changedBy })
	cache.delete(db)
	latest = details
}

export async function recentBusinessChanges(db: Db, limit = 10) {
	return db
		.select({
			id: businessSettings.id,
			at: businessSettings.changedAt,
			by: businessSettings.changedBy,
		})
		.from(businessSettings)
		.orderBy(desc(businessSettings.id))
		.limit(limit)
}

/**
 * Who issues an invoice: the details in force, and the VAT number set in /admin/settings, or the
 * VAT_NUMBER environment variable when none is set there (the fallback from before issue 32).
 */
export async function sellerFor(tx: Db | Tx, envVatNumber: string | undefined) {
	// Read in the invoice's own transaction (the embedded database has one connection).
	const details = await getBusinessDetails(tx)
	return { vatNumber: details.vatNumber || envVatNumber || null, details }
}

// The page cache is in the load context (server/app.ts spreads the runtime into it): the details
// are on every page (header, footer), so a save clears it.
declare module 'react-router' {
	interface AppLoadContext {
		pageCache: { clear(): void }
	}
}
