import type { Catalog } from '~/.server/catalog/catalog'
import { readBodyBytes } from '~/.server/http/read-body'
import { RateWindow } from '~/.server/rate-window'
import { BEACON_MAX_BYTES, BeaconSchema } from '~/lib/analytics/beacon-schema'
import { countedPage, isItemId } from '~/lib/analytics/pages'
import type { VisitRecorder } from './recorder'

/** Beacons one visitor key may send a minute, and one address (any browser) may send. */
const PER_VISITOR = new RateWindow(60, 60_000)
const PER_ADDRESS = new RateWindow(240, 60_000)

export type BeaconOutcome =
	| { ok: true; counted: boolean }
	| { ok: false; status: 400 | 413 | 429; message: string }

/**
 * One beacon from the browser: size-bounded, schema-checked, limited per address and per visitor
 * key; a view must name a counted page and a cart event a product in the catalogue. Opted-out,
 * GPC and DNT senders (`mayCount` false) get the same answer as anyone, and nothing is kept.
 */
export async function acceptBeacon(
	request: Request,
	{
		recorder,
		catalog,
		ip,
		mayCount,
	}: {
		recorder: VisitRecorder | undefined
		catalog: Catalog
		ip: string
		mayCount: boolean
	},
): Promise<BeaconOutcome> {
	const bytes = await readBodyBytes(request, BEACON_MAX_BYTES)
	if (!bytes) return { ok: false, status: 413, message: 'The beacon is too large.' }
	let body: unknown
	try {
		body = JSON.parse(Buffer.from(bytes).toString('utf8'))
	} catch {
		return { ok: false, status: 400, message: 'The beacon is not JSON.' }
	}
	const parsed = BeaconSchema.safeParse(body)
	if (!parsed.success) return { ok: false, status: 400, message: 'Unknown beacon.' }
	const beacon = parsed.data
	if (beacon.type === 'view' && !countedPage(beacon.path))
		return { ok: false, status: 400, message: 'That is not a page of this site.' }
	if (
		beacon.type === 'cart' &&
		!(isItemId(beacon.productId) && (await catalog.product(beacon.productId)))
	)
		return { ok: false, status: 400, message: 'There is no such product.' }
	if (!recorder || !mayCount) return { ok: true, counted: false }
	const userAgent = request.headers.get('user-agent') ?? ''
	if (!PER_ADDRESS.take(ip)) return { ok: false, status: 429, message: 'Too many beacons.' }
	const at = Date.now()
	if (!PER_VISITOR.take(await recorder.keyOf(ip, userAgent, at)))
		return { ok: false, status: 429, message: 'Too many beacons.' }
	const counted =
		beacon.type === 'view'
			? recorder.record({
					kind: 'view',
					at,
					ip,
					userAgent,
					path: beacon.path,
					search: '',
					referrer: undefined,
				})
			: recorder.record({ kind: 'cart', at, ip, userAgent, itemId: beacon.productId })
	return { ok: true, counted }
}
