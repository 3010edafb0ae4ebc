/**
 * The one UK postcode shape, for the delivery form and the delivery quote alike: outward code
 * (area + district) and inward code (sector + unit), e.g. IV2 3XY, SW1A 1AA, M1 1AE.
 */
export const UK_POSTCODE = /^([A-Z]{1,2})([0-9][A-Z0-9]?) ?[0-9][A-Z]{2}$/

export type Outward = { area: string; district: number; outward: string }

/**
 * 'iv2 3xy' → { area: 'IV', district: 2, outward: 'IV2' }; 'EC1A 1BB' → district 1. Anything that
 * is not a UK postcode shape → null (so a suggestion is never made from a guess).
 */
export function outwardOf(postcode: string): Outward | null {
	const compact = postcode.toUpperCase().replace(/\s+/g, '')
	const match = UK_POSTCODE.exec(compact)
	if (!match) return null
	const [, area, districtPart] = match as unknown as [string, string, string]
	return { area, district: Number.parseInt(districtPart, 10), outward: `${area}${districtPart}` }
}

/** 'iv23xy' → 'IV2 3XY': upper case with a single space before the inward code. */
export function normalisePostcode(value: string) {
	const compact = value.toUpperCase().replace(/\s+/g, '')
	return compact.length > 3 ? `${compact.slice(0, -3)} ${compact.slice(-3)}` : compact
}
