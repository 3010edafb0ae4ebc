import { formatPence } from '~/lib/money'
import type { ShippingClass } from './shipping-class'
import { type DeliverySettings, zoneFor } from './zones'

export type SiteAccess = {
	/** Can a 7.5-tonne lorry reach the drop-off? */
	lorryAccess: 'yes' | 'no' | 'not_sure' | ''
	/** Narrowest gate or path, cm (30–1000), or null when not given. */
	gateWidthCm: number | null
	tailLift: 'yes' | 'no' | ''
}

export type Suggestion =
	| { ok: true; pence: number; zone: string; working: string }
	| { ok: false; reason: string }

const count = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`

/**
 * A suggested delivery price from the order's postcode and the shipping class of each line, with
 * its working shown. Whenever the rules cannot price it safely it says why instead: a suggestion
 * is only ever a suggestion, and never a wrong price.
 */
export function suggestDeliveryCost(
	settings: DeliverySettings,
	postcode: string,
	lines: Array<{ shippingClass: ShippingClass; quantity: number }>,
	access: SiteAccess | null,
): Suggestion {
	const parcels = lines
		.filter((l) => l.shippingClass === 'parcel')
		.reduce((n, l) => n + l.quantity, 0)
	const pallets = lines
		.filter((l) => l.shippingClass === 'pallet')
		.reduce((n, l) => n + l.quantity, 0)
	if (parcels === 0 && pallets === 0)
		return {
			ok: true,
			pence: 0,
			zone: 'Collection',
			working: 'Collection only: nothing to deliver = £0.00',
		}
	if (pallets > 0 && access?.lorryAccess === 'no')
		return {
			ok: false,
			reason:
				'The customer says a 7.5-tonne lorry cannot reach them, and this order needs a pallet: arrange a smaller vehicle or collection and price it by hand.',
		}
	const match = zoneFor(settings, postcode)
	if (!match.zone) return { ok: false, reason: match.reason }
	const { zone } = match
	if (pallets > 0 && zone.palletPence === null)
		return {
			ok: false,
			reason: `There is no pallet service to ${zone.name}: ask the courier for a price.`,
		}
	if (parcels > 0 && zone.parcelPence === null)
		return {
			ok: false,
			reason: `There is no parcel service to ${zone.name}: ask the courier for a price.`,
		}
	const parts: string[] = []
	let pence = 0
	if (pallets > 0) {
		pence += zone.palletPence!
		parts.push(count(pallets, 'pallet'))
	}
	if (parcels > 0) {
		pence += zone.parcelPence!
		parts.push(count(parcels, 'parcel'))
	}
	const extras: string[] = []
	if (parcels > settings.parcelsIncluded) {
		pence += settings.extraParcelsSurchargePence
		extras.push(
			`more than ${settings.parcelsIncluded} parcels +${formatPence(settings.extraParcelsSurchargePence)}`,
		)
	}
	if (pallets > 1) {
		pence += settings.extraPalletsSurchargePence
		extras.push(`more than one pallet +${formatPence(settings.extraPalletsSurchargePence)}`)
	}
	const working = `${zone.name} (${match.outward}) · ${parts.join(' + ')}${extras.length ? ` (${extras.join(', ')})` : ''} = ${formatPence(pence)}`
	return { ok: true, pence, zone: zone.name, working }
}
