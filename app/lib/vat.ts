/**
 * VAT on our VAT-inclusive prices (decision 0022). Every catalogue price and delivery cost already
 * includes VAT at the standard rate; an invoice shows it taken back out. The VAT is worked out per
 * line, from the line's VAT-inclusive total, rounded to the nearest penny (HMRC VAT Notice 700
 * section 17.5 allows it per line), and everything else is added up from whole pence, so net + VAT
 * = gross on every line and the totals are the sums of the lines — to the penny, always. Per unit
 * lost the VAT of cheap units: 30 × £0.01 carries £0.05 of VAT, and rounding each penny's 0.17p
 * gave £0.00 (issue 57 item 3).
 */
export const STANDARD_RATE_PERCENT = 20

export type VatLine = {
	description: string
	quantity: number
	/** The price paid for one, VAT included. */
	unitGrossPence: number
	/**
	 * The line's VAT when it is already known (a credit note gives back the VAT an invoice
	 * charged); otherwise it is worked out from the line's total.
	 */
	vatPence?: number
}

export type VatLineBreakdown = Omit<VatLine, 'vatPence'> & {
	ratePercent: number
	/**
	 * The line's VAT and net per unit, for the unit price excluding VAT an invoice shows. Whole
	 * pence when the line divides evenly; otherwise to a hundredth of a penny (30 × £0.01 is
	 * £0.0083 each excluding VAT). The line's figures, not these, are what add up.
	 */
	unitVatPence: number
	unitNetPence: number
	netPence: number
	vatPence: number
	grossPence: number
}

/** The VAT inside a VAT-inclusive amount: gross × rate / (100 + rate), to the nearest penny. */
export function vatInGross(grossPence: number, ratePercent = STANDARD_RATE_PERCENT) {
	const sign = grossPence < 0 ? -1 : 1
	return sign * Math.round((Math.abs(grossPence) * ratePercent) / (100 + ratePercent))
}

/** A line's amount per unit: whole pence, or to a hundredth of a penny when it does not divide. */
export function perUnit(pence: number, quantity: number) {
	return quantity ? Math.round((pence / quantity) * 100) / 100 : 0
}

export function breakDownLine(
	line: VatLine,
	ratePercent = STANDARD_RATE_PERCENT,
): VatLineBreakdown {
	const { vatPence: known, ...rest } = line
	const grossPence = line.unitGrossPence * line.quantity
	const vatPence = known ?? vatInGross(grossPence, ratePercent)
	const netPence = grossPence - vatPence
	return {
		...rest,
		ratePercent,
		unitVatPence: perUnit(vatPence, line.quantity),
		unitNetPence: perUnit(netPence, line.quantity),
		netPence,
		vatPence,
		grossPence,
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

/**
 * The VAT given back for `quantity` more units of an invoice line of `lineQuantity` units that
 * carried `lineVatPence`, when `before` of them were credited already: the share of the VAT up to
 * the units credited by now, less the share already given back. However a line comes back, in
 * one return or several, its credit notes give back exactly the VAT its invoice charged.
 */
export function vatOfPart(
	line: { vatPence: number; quantity: number },
	before: number,
	quantity: number,
) {
	const share = (units: number) =>
		Math.round((line.vatPence * Math.min(units, line.quantity)) / line.quantity)
	return line.quantity ? share(before + quantity) - share(before) : 0
}

/** A UK VAT registration number as HMRC issues them: GB and 9 digits (or 12 for a branch). */
export const VAT_NUMBER_PATTERN = /^GB(\d{9}|\d{12})$/
