// Type only: zod stays out of the script every page loads (the server checks beacons).
import type { Beacon } from './beacon-schema'

/** Where the browser reports what the server cannot see (decision 0020). */
export const BEACON_PATH = '/api/visit'
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
