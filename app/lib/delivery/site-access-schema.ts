import { z } from 'zod'
import { safeText } from '~/lib/text-safety'
import type { SiteAccess } from './suggest'

/** Issue 19 item 5: what a courier needs, all optional; the spec's delivery fields are unchanged. */
export const GATE_WIDTH_MESSAGE =
	'Enter the narrowest gate or path width in whole centimetres, from 30 to 1000'

export const SiteAccessFields = {
	lorryAccess: z.enum(['', 'yes', 'no', 'not_sure']).default(''),
	gateWidthCm: safeText()
		.trim()
		.default('')
		.transform((text, ctx) => {
			if (text === '') return null
			const cm = Number(text)
			if (!/^\d+$/.test(text) || cm < 30 || cm > 1000) {
				ctx.addIssue({ code: 'custom', message: GATE_WIDTH_MESSAGE })
				return z.NEVER
			}
			return cm
		}),
	tailLift: z.enum(['', 'yes', 'no']).default(''),
}

/** The API's shape: the same rules on JSON values (a number for the width). */
export const SiteAccessSchema = z.object({
	lorryAccess: SiteAccessFields.lorryAccess,
	gateWidthCm: z
		.number({ error: GATE_WIDTH_MESSAGE })
		.int(GATE_WIDTH_MESSAGE)
		.min(30, GATE_WIDTH_MESSAGE)
		.max(1000, GATE_WIDTH_MESSAGE)
		.nullable()
		.default(null),
	tailLift: SiteAccessFields.tailLift,
})

export const LORRY_LABELS = { yes: 'Yes', no: 'No', not_sure: 'Not sure' } as const

/** One line for emails and the dashboard, or null when the customer gave nothing. */
export function describeSiteAccess(access: SiteAccess | null | undefined) {
	if (!access) return null
	const parts = [
		access.lorryAccess ? `7.5-tonne lorry access: ${LORRY_LABELS[access.lorryAccess]}` : '',
		access.gateWidthCm ? `narrowest gate or path: ${access.gateWidthCm} cm` : '',
		access.tailLift ? `tail lift needed: ${access.tailLift === 'yes' ? 'Yes' : 'No'}` : '',
	].filter(Boolean)
	return parts.length ? parts.join('; ') : null
}
