import { z } from 'zod'
import { formatPence } from '~/lib/money'
import { safeText } from '~/lib/text-safety'
import { outwardOf } from './postcode'

/**
 * Issue 31 item 2a: a delivery estimate before ordering, from the same rates staff quote with. The
 * order stays a request without a delivery price (the spec): this is only ever an estimate.
 */
const POSTCODE_MESSAGE = 'Enter a full UK postcode, such as IV2 3XY.'

export const EstimateRequestSchema = z.object({
	postcode: safeText()
		.trim()
		.max(10, POSTCODE_MESSAGE)
		.refine((value) => outwardOf(value) !== null, POSTCODE_MESSAGE),
	lines: z
		.array(z.object({ id: safeText().max(20), quantity: z.number().int().min(1).max(999) }))
		.min(1)
		.max(100),
})
export type EstimateRequest = z.infer<typeof EstimateRequestSchema>

export type Estimate = { kind: 'estimate'; outward: string; pence: number } | { kind: 'quote' }

export function estimateSentence(estimate: Estimate) {
	return estimate.kind === 'estimate'
		? `Estimated delivery to ${estimate.outward}: ${formatPence(estimate.pence)} — we confirm the exact cost before you pay`
		: 'We will quote delivery to this address'
}

/**
 * The estimate kept on an order (issue 62 item 6), in the checkout's words, while staff have not
 * set the delivery cost; null once they have, or when the rates could not price it.
 */
export function keptEstimateSentence(order: {
	deliveryInfo: { postcode: string }
	deliveryEstimatePence?: number | null
	deliveryCostPence?: number | null
}) {
	const outward = outwardOf(order.deliveryInfo.postcode)
	if (order.deliveryCostPence != null || order.deliveryEstimatePence == null || !outward)
		return null
	return estimateSentence({
		kind: 'estimate',
		outward: outward.outward,
		pence: order.deliveryEstimatePence,
	})
}
