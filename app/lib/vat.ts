/**
 * VAT on our VAT-inclusive prices (decision 0022). Every catalogue price and delivery cost already
 * includes VAT at the standard rate; an invoice shows it taken back out. The VAT is worked out per
 * unit, rounded to the nearest penny (HMRC VAT Notice 700 section 17.5 allows per unit or article),
 * and everything else is added up from whole pence, so net + VAT = gross on every line and the
 * totals are the sums of the lines — to the penny, always.
 */
export const STANDARD_RATE_PERCENT = 20

export type VatLine = {
	description: string
	quantity: number
	/** The price paid for one, VAT included. */
	unitGrossPence: number
}

export type VatLineBreakdown = VatLine & {
	ratePercent: number
	unitVatPence: number
	unitNetPence: number
	netPence: number
	vatPence: number
	grossPence: number
}

/** The VAT inside a VAT-inclusive amount: gross × rate / (100 + rate), to the nearest penny. */
export function vatInGross(grossPence: number, ratePercent = STANDARD_RATE_PERCENT) {
	return Math.round((grossPence * ratePercent) / (100 + ratePercent))
}

export function breakDownLine(
	line: VatLine,
	ratePercent = STANDARD_RATE_PERCENT,
): VatLineBreakdown {
	const unitVatPence = vatInGross(line.unitGrossPence, ratePercent)
	const unitNetPence = line.unitGrossPence - unitVatPence
	return {
		...line,
		ratePercent,
		unitVatPence,
		unitNetPence,
		netPence: unitNetPence * line.quantity,
		vatPence: unitVatPence * line.quantity,
		grossPence: line.unitGrossPence * line.quantity,
	}
}

export function breakDown(lines: VatLine[], ratePercent = STANDARD_RATE_PERCENT) {
	const rows = lines.map((line) => breakDownLine(line, ratePercent))
	const sum = (key: 'netPence' | 'vatPence' | 'grossPence') =>
		rows.reduce((total, row) => total + row[key], 0)
	return {
		lines: rows,
		netPence: sum('netPence'),
		vatPence: sum('vatPence'),
		grossPence: sum('grossPence'),
	}
}

/** A UK VAT registration number as HMRC issues them: GB and 9 digits (or 12 for a branch). */
export const VAT_NUMBER_PATTERN = /^GB(\d{9}|\d{12})$/
