import { outwardOf } from './postcode'

/**
 * Delivery zones (issue 19, DESIGN decision 15): each a list of postcode areas ('IV'), districts
 * ('PO30') or district ranges ('PA20-PA49'). A district or range beats a whole area, so a local
 * zone can carve IV1–IV5 out of the Highlands; anything unclaimed falls back to mainland GB.
 */
export type PostcodeRule =
	| { kind: 'area'; area: string }
	| { kind: 'districts'; area: string; from: number; to: number }

export type Zone = {
	id: string
	name: string
	postcodes: string[]
	parcelPence: number | null
	palletPence: number | null
}

export type DeliverySettings = {
	zones: Zone[]
	/** Parcels included in the parcel price; each order with more pays the surcharge once. */
	parcelsIncluded: number
	extraParcelsSurchargePence: number
	/** Added once to an order that needs more than one pallet. */
	extraPalletsSurchargePence: number
	/** How long a quote's price is held. */
	quoteValidDays: number
	/** A reminder this many hours before the held-until moment (0: none). */
	reminderHours: number
	/** A second reminder at 09:00 on the day the quote expires. */
	lastMorningReminder: boolean
	/** A request waiting longer than this, in working hours, is flagged for staff. */
	unquotedAlertHours: number
	/** When the owner's morning summary is sent, UK time ('07:30'); '' for never. */
	summaryAt: string
	/** Quote a new request at once when the rates cover all of it (off by default). */
	instantQuotes: boolean
}

export const FALLBACK_ZONE_ID = 'mainland'

const RULE = /^([A-Z]{1,2})(?:(\d{1,2})(?:-\1?(\d{1,2}))?)?$/

/** 'pa20-pa49' → districts PA 20–49; 'iv' → area IV; anything else → null. */
export function parseRule(text: string): PostcodeRule | null {
	const match = RULE.exec(text.trim().toUpperCase().replace(/\s+/g, ''))
	if (!match) return null
	const [, area, from, to] = match as unknown as [string, string, string?, string?]
	if (from === undefined) return { kind: 'area', area }
	const start = Number(from)
	const end = to === undefined ? start : Number(to)
	return end >= start ? { kind: 'districts', area, from: start, to: end } : null
}

/** Where a rule claims the postcode: 2 for a district match, 1 for a whole area, 0 for none. */
function strength(rule: PostcodeRule, area: string, district: number) {
	if (rule.area !== area) return 0
	if (rule.kind === 'area') return 1
	return district >= rule.from && district <= rule.to ? 2 : 0
}

export type ZoneMatch = { zone: Zone; outward: string } | { zone: null; reason: string }

/** The zones whose rules claim this outward code most strongly (one, unless the table overlaps). */
export function strongestClaims(
	settings: DeliverySettings,
	area: string,
	district: number,
): Zone[] {
	let best: Zone[] = []
	let bestStrength = 0
	for (const zone of settings.zones) {
		const s = Math.max(
			0,
			...zone.postcodes.map((text) => {
				const rule = parseRule(text)
				return rule ? strength(rule, area, district) : 0
			}),
		)
		if (s > bestStrength) {
			best = [zone]
			bestStrength = s
		} else if (s > 0 && s === bestStrength) best.push(zone)
	}
	return best
}

/** The one zone a postcode belongs to, or why it has none. */
export function zoneFor(settings: DeliverySettings, postcode: string): ZoneMatch {
	const outward = outwardOf(postcode)
	if (!outward)
		return { zone: null, reason: `"${postcode}" is not a UK postcode, so no price is suggested.` }
	const [claimed] = strongestClaims(settings, outward.area, outward.district)
	const zone = claimed ?? settings.zones.find((z) => z.id === FALLBACK_ZONE_ID)
	return zone
		? { zone, outward: outward.outward }
		: { zone: null, reason: 'No delivery zone is set up for this postcode.' }
}

/**
 * Pairs of rules in different zones that claim the same postcodes with the same strength (two
 * zones listing 'IV', or overlapping district ranges): such a table could price one postcode two
 * ways, so it is refused.
 */
export function overlaps(zones: Zone[]): string[] {
	const problems: string[] = []
	const claimed: Array<{ zone: Zone; rule: PostcodeRule; text: string }> = []
	for (const zone of zones)
		for (const text of zone.postcodes) {
			const rule = parseRule(text)
			if (!rule) continue
			for (const other of claimed) {
				if (
					other.zone.id === zone.id ||
					other.rule.area !== rule.area ||
					other.rule.kind !== rule.kind
				)
					continue
				const clash =
					rule.kind === 'area' ||
					(other.rule.kind === 'districts' &&
						rule.from <= other.rule.to &&
						other.rule.from <= rule.to)
				if (clash)
					problems.push(`${text} in ${zone.name} overlaps ${other.text} in ${other.zone.name}`)
			}
			claimed.push({ zone, rule, text })
		}
	return problems
}

const zone = (
	id: string,
	name: string,
	postcodes: string,
	parcelPence: number | null,
	palletPence: number | null,
): Zone => ({
	id,
	name,
	postcodes: postcodes ? postcodes.split(/,\s*/) : [],
	parcelPence,
	palletPence,
})

/**
 * The business's starting table: it is in Inverness, so the Moray Firth gets its own van; the
 * rest follows the usual UK courier surcharge zones. Prices in pence, editable in /admin/delivery.
 */
export const DEFAULT_DELIVERY_SETTINGS: DeliverySettings = {
	zones: [
		zone(
			'local',
			'Local van (Inverness & Moray Firth)',
			'IV1-IV5, IV7-IV13, IV30-IV36',
			600,
			3_500,
		),
		zone(
			'highlands',
			'Scottish Highlands & islands',
			'IV, KW, HS, ZE, PA20-PA49, PA60-PA78, PH17-PH26, PH30-PH44, PH49-PH50, KA27-KA28',
			1_495,
			7_500,
		),
		zone(FALLBACK_ZONE_ID, 'Mainland Great Britain', '', 995, 8_500),
		zone('isle-of-wight', 'Isle of Wight', 'PO30-PO41', 1_995, 12_500),
		zone('northern-ireland', 'Northern Ireland', 'BT', 2_495, 16_500),
		zone('isle-of-man', 'Isle of Man', 'IM', 2_495, 16_500),
		zone('channel-islands', 'Channel Islands', 'GY, JE', 2_995, null),
		zone('scilly', 'Isles of Scilly', 'TR21-TR25', 2_995, null),
	],
	parcelsIncluded: 4,
	extraParcelsSurchargePence: 500,
	extraPalletsSurchargePence: 4_500,
	quoteValidDays: 14,
	reminderHours: 48,
	lastMorningReminder: false,
	unquotedAlertHours: 8,
	summaryAt: '07:30',
	instantQuotes: false,
}

/** Issue 19 item 6: the one sentence on the confirmation page and email. */
export function deliveryQuoteSentence(quoteValidDays: number) {
	return `We will email you a delivery quote, normally within one working day; the price is held for ${quoteValidDays} days.`
}
