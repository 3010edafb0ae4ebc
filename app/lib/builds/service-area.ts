import { outwardOf } from '../delivery/postcode'
import { type DeliverySettings, parseRule, zoneFor } from '../delivery/zones'

/**
 * The area the business builds in (issue 59 item 1): whole delivery zones (the same table as
 * /admin/delivery) and extra postcode areas or districts in the zones' own syntax ('AB',
 * 'PH1-PH26'). A postcode outside it is not refused: the customer is told and may send anyway.
 */
export type ServiceArea = { zones: string[]; postcodes: string[] }

export function inServiceArea(area: ServiceArea, delivery: DeliverySettings, postcode: string) {
	const outward = outwardOf(postcode)
	if (!outward) return false
	const match = zoneFor(delivery, postcode)
	if (match.zone && area.zones.includes(match.zone.id)) return true
	return area.postcodes.some((text) => {
		const rule = parseRule(text)
		if (!rule || rule.area !== outward.area) return false
		return rule.kind === 'area' || (outward.district >= rule.from && outward.district <= rule.to)
	})
}

/** The area in the owner's words, for the polite 'outside our area' message. */
export function describeArea(area: ServiceArea, delivery: DeliverySettings) {
	const names = delivery.zones.filter((z) => area.zones.includes(z.id)).map((z) => z.name)
	return [...names, ...area.postcodes].join(', ') || 'no area yet'
}
