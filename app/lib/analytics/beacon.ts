import { z } from 'zod'
import { safeText } from '~/lib/text-safety'

/** Where the browser reports what the server cannot see (decision 0020). */
export const BEACON_PATH = '/api/visit'
/** A beacon is a few dozen bytes; anything over this is refused unread. */
export const BEACON_MAX_BYTES = 512

/** A client-side navigation to a counted page, or an add to cart; nothing else is accepted. */
export const BeaconSchema = z.discriminatedUnion('type', [
	z.strictObject({ type: z.literal('view'), path: safeText().max(200) }),
	z.strictObject({ type: z.literal('cart'), productId: safeText().max(80) }),
])
export type Beacon = z.infer<typeof BeaconSchema>

/**
 * Sends one beacon (never waits, never fails the page). Plain text so no browser needs a
 * preflight; the server reads it as JSON. Browsers sending Global Privacy Control send nothing.
 */
export function sendVisitBeacon(beacon: Beacon) {
	if (typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function') return
	if ((navigator as { globalPrivacyControl?: boolean }).globalPrivacyControl) return
	try {
		navigator.sendBeacon(BEACON_PATH, JSON.stringify(beacon))
	} catch {
		// Counting is never worth an error in the visitor's page.
	}
}
