import { z } from 'zod'
// Zod's settings for the browser (no eval under our CSP) come with the shared text rules.
import '~/lib/text-safety'

/**
 * The opt-out switch on the privacy page. Only the action reads it (the form is two buttons), so
 * the page itself loads no zod.
 */
export const VisitCountingForm = z.object({ counting: z.enum(['off', 'on']) })
