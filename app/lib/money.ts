/** Money is integer pence everywhere; these are the only conversions to and from text. */
const GBP = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' })

/** 123450 → '£1,234.50' */
export function formatPence(pence: number) {
	return GBP.format(pence / 100)
}

const UNIT_GBP = new Intl.NumberFormat('en-GB', {
	style: 'currency',
	currency: 'GBP',
	minimumFractionDigits: 2,
	maximumFractionDigits: 4,
})

/**
 * A unit price worked out from a line's total (an invoice's unit price excluding VAT): whole pence
 * as formatPence does, a fraction of a penny to four decimals of a pound (0.83 → '£0.0083').
 */
export function formatUnitPence(pence: number) {
	return UNIT_GBP.format(pence / 100)
}

/**
 * '£1,234.50', '1234.5', ' 12 ' → pence; anything that is not a plain non-negative amount
 * (e.g. 'Price not available', '12abc', '-3') → null.
 */
export function parsePriceText(text: string | null | undefined): number | null {
	if (typeof text !== 'string') return null
	const cleaned = text
		.trim()
		.replace(/^£\s*/, '')
		.replace(/,(?=\d{3}(\D|$))/g, '')
	if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null
	const [pounds, fraction = ''] = cleaned.split('.')
	const pence = Number(pounds) * 100 + Number(fraction.padEnd(2, '0'))
	return Number.isSafeInteger(pence) ? pence : null
}

/** Pence → the spec's price text: a pound sign and two decimals, no grouping ('£1234.50'). */
export function toPriceText(pence: number) {
	return `£${(pence / 100).toFixed(2)}`
}

/** Pence → what a pounds input field holds ('1234.50'); nothing for no amount. */
export function penceToInput(pence: number | null) {
	return pence === null ? '' : (pence / 100).toFixed(2)
}
