import { z } from 'zod'
import { safeText } from './text-safety'
import { wholeNumber } from './whole-number'

/**
 * What the audit log records (issue 60 item 5), each kind with the words /admin/audit shows.
 * Sign-ins and failed second factors are written by the sign-in code through the same function.
 */
export const AUDIT_KINDS = {
	'order.refund': 'Refund',
	'order.delivery-cost': 'Delivery cost',
	'order.cancel': 'Order cancelled',
	'build.payment': 'Build payment recorded',
	'build.refund': 'Build refund',
	'product.change': 'Product changed',
	'product.delete': 'Product deleted',
	'catalogue.publish': 'Catalogue published',
	'portfolio.draft': 'Portfolio draft from a build',
	'settings.change': 'Settings changed',
	'project.quote-sent': 'Build quote sent',
	'staff.invite': 'Staff invited',
	'staff.join': 'Invitation accepted',
	'staff.role': 'Role changed',
	'staff.remove': 'Staff removed',
	'staff.sign-out': 'Signed out by the owner',
	'data.export': 'Data exported',
	'access.denied': 'Refused (403)',
	'auth.sign-in': 'Signed in',
	'auth.second-factor-failed': 'Second factor failed',
	'auth.second-factor-change': 'Two-step sign-in changed',
} as const

export type AuditKind = keyof typeof AUDIT_KINDS
export const AUDIT_KIND_LIST = Object.keys(AUDIT_KINDS) as AuditKind[]

/** One edited field: what it was and what it became, as text (money already in pounds). */
export type AuditChange = { field: string; from: string; to: string }

type Value = string | number | boolean | null | undefined
const asText = (value: Value) => (value === null || value === undefined ? '' : String(value))

/** The fields that differ between two versions of a record, in the order `fields` names them. */
export function changedFields<T extends Record<string, Value>>(
	before: T,
	after: Partial<T>,
	fields: readonly (keyof T & string)[] = Object.keys(after) as (keyof T & string)[],
): AuditChange[] {
	const changes: AuditChange[] = []
	for (const field of fields) {
		if (!(field in after)) continue
		const from = asText(before[field])
		const to = asText(after[field])
		if (from !== to) changes.push({ field, from, to })
	}
	return changes
}

/** How many entries one page of /admin/audit shows. */
export const AUDIT_PAGE_SIZE = 50
export const AUDIT_RETENTION_MONTHS_DEFAULT = 24

const day = safeText()
	.regex(/^\d{4}-\d{2}-\d{2}$/)
	.refine((text) => {
		const date = new Date(`${text}T00:00:00Z`)
		const year = date.getUTCFullYear()
		return (
			!Number.isNaN(date.getTime()) &&
			date.toISOString().startsWith(text) &&
			year >= 2000 &&
			year <= 2100
		)
	})

/** /admin/audit's filters; anything malformed is ignored, as the order filters are. */
export const AuditFiltersSchema = z.object({
	person: safeText().max(100).catch(''),
	kind: z
		.enum(AUDIT_KIND_LIST as [AuditKind, ...AuditKind[]])
		.or(z.literal(''))
		.catch(''),
	from: day.or(z.literal('')).catch(''),
	to: day.or(z.literal('')).catch(''),
	page: wholeNumber('Not a page number', { min: 1, max: 10_000 }).catch(1),
})
export type AuditFilters = z.infer<typeof AuditFiltersSchema>

export function parseAuditFilters(params: URLSearchParams): AuditFilters {
	return AuditFiltersSchema.parse({
		person: params.get('person') ?? '',
		kind: params.get('kind') ?? '',
		from: params.get('from') ?? '',
		to: params.get('to') ?? '',
		page: params.get('page') ?? 1,
	})
}

/** A settings record as flat text fields (nested values as JSON), for `changedFields`. */
export function flatFields(record: object): Record<string, string> {
	return Object.fromEntries(
		Object.entries(record).map(([key, value]) => [
			key,
			value !== null && typeof value === 'object' ? JSON.stringify(value) : String(value ?? ''),
		]),
	)
}

/** A field's name as the audit page shows it: 'deliveryCost' → 'Delivery cost'. */
export function fieldLabel(field: string) {
	const words = field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase()
	return words.charAt(0).toUpperCase() + words.slice(1)
}
