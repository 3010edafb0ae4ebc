/** UK postcode shape: outward code (area + district) and inward code (sector + unit). */
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
