import { z } from 'zod'

/** The pay page's one form: pay (the default), or ask for a new quote on an expired one. */
export const PayIntentSchema = z.object({
	intent: z.enum(['pay', 'new-quote']).default('pay'),
})
