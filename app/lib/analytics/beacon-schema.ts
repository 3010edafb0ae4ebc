import { z } from 'zod'
import { safeText } from '~/lib/text-safety'

/** A beacon is a few dozen bytes; anything over this is refused unread. */
export const BEACON_MAX_BYTES = 512

/** A client-side navigation to a counted page, or an add to cart; nothing else is accepted. */
export const BeaconSchema = z.discriminatedUnion('type', [
	z.strictObject({ type: z.literal('view'), path: safeText().max(200) }),
	z.strictObject({ type: z.literal('cart'), productId: safeText().max(80) }),
])
export type Beacon = z.infer<typeof BeaconSchema>
