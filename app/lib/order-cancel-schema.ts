import { z } from 'zod'

/** The order page's 'Cancel this order' form: sent only from its confirmation step. */
export const CancelOrderSchema = z.object({
	intent: z.literal('cancel'),
	confirmed: z.literal('yes', { error: 'Please confirm that you want to cancel this order.' }),
})
