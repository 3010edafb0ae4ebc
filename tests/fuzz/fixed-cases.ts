import type { FuzzRequest } from './send'
import type { Roles } from './values'

/**
 * Inputs a review found answered wrongly, sent exactly, every run, before the generated ones
 * (the generators may take many seeds to draw them again). Each names its issue.
 */
export type FixedCase = {
	label: string
	role: 'anonymous' | 'customer' | 'admin'
	path: string
	form: Record<string, string>
}

export function fixedCases(ids: { orderId: string }): FixedCase[] {
	return [
		// Issue 57 item 10: a version past PostgreSQL's integer was a database range error, a 500.
		{
			label: 'restore version 2^31',
			role: 'admin',
			path: '/admin/catalogue',
			form: { intent: 'restore', version: '2147483648' },
		},
		{
			label: 'restore version 10^20',
			role: 'admin',
			path: '/admin/catalogue',
			form: { intent: 'restore', version: '99999999999999999999' },
		},
		{
			label: 'order form version 2^31',
			role: 'admin',
			path: `/admin/orders/${ids.orderId}`,
			form: { intent: 'notes', version: '2147483648', notes: 'x' },
		},
		// Issue 57 item 10: an over-long password at sign-in was logged at error level.
		{
			label: 'sign-in, 200-character password',
			role: 'anonymous',
			path: '/auth',
			form: { intent: 'signin', email: 'fuzz@example.co.uk', password: 'p'.repeat(200) },
		},
		// Issue 57 item 5: a problem report on an order that cannot take one, answered unread.
		{
			label: 'problem report, not a form',
			role: 'customer',
			path: `/account/orders/${ids.orderId}/problem`,
			form: {},
		},
	]
}

/** The cases as requests from one address, each as the role it names, from the shop's own origin. */
export function fixedRequests(
	site: string,
	ids: { orderId: string },
	roles: () => Roles,
	ip: string,
) {
	return fixedCases(ids).map(
		(c) => (): FuzzRequest => ({
			kind: 'http',
			label: `fixed: ${c.label}`,
			method: 'POST',
			path: c.path,
			headers: {
				'x-forwarded-for': ip,
				origin: site,
				'content-type': 'application/x-www-form-urlencoded',
				...(c.role === 'anonymous' ? {} : { cookie: roles()[c.role] }),
			},
			body: Buffer.from(new URLSearchParams(c.form).toString()),
		}),
	)
}
