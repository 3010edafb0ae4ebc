import type { Db } from '~/.server/db/client'
import { londonDate } from '~/lib/london-time'
import { purgeOldVisits, rollUpFinishedDays } from './rollup'
import { deleteOldSalts } from './salt'

/**
 * The recurring 'visit-totals' job (every 15 minutes, decision 0020): past days' salts are
 * destroyed, finished days rolled up into daily totals, raw rows over 13 months deleted.
 */
export async function visitRetention(db: Db, now: Date) {
	const today = londonDate(now)
	const salts = await deleteOldSalts(db, today)
	const rolled = await rollUpFinishedDays(db, today)
	const purged = await purgeOldVisits(db, now)
	return { salts, rolled, purged }
}
