import type { FoundForm } from './form-requests'

/**
 * A pond build's Payments section (decision 0038), shown only once a quote is accepted (the fuzz
 * shop's build is an enquiry): the staff's stage and cancellation forms and the customer's
 * 'Cancel my build', as the pages would have them.
 */
export function buildPaymentForms(buildId: string): FoundForm[] {
	const found: FoundForm[] = []
	const buildPage = `/admin/projects/${buildId}`
	for (const fields of [
		[
			['intent', 'stage-reached'],
			['stageId', '1'],
			['days', '14'],
			['version', '1'],
		],
		[
			['intent', 'bank-transfer'],
			['stageId', '1'],
			['reference', 'FUZZ POND'],
			['paidOn', '2026-12-01'],
			['version', '1'],
		],
		[
			['intent', 'settle-cancellation'],
			['workDone', '350.00'],
			['version', '1'],
		],
	] as Array<[string, string][]>)
		found.push({ page: buildPage, role: 'admin', action: buildPage, multipart: false, fields })
	found.push({
		page: `/account/projects/${buildId}`,
		role: 'customer',
		action: `/account/projects/${buildId}`,
		multipart: false,
		fields: [
			['intent', 'cancel-build'],
			['confirm', 'yes'],
			['reason', 'Changed our minds'],
		],
	})
	return found
}
