import type { FoundForm } from './form-requests'
import type { KnownIds } from './get-requests'

/**
 * Forms shown only on a completed pond build (issue 59 item 10): staff's portfolio draft and
 * 'Ask for a testimonial', and the customer's testimonial. The fuzz build is an enquiry, so a
 * valid post is refused (409), and nothing may answer with a 5xx.
 */
export function aftercareForms(ids: KnownIds): FoundForm[] {
	const admin = `/admin/projects/${ids.buildId}`
	const customer = `/account/projects/${ids.buildId}`
	const form = (page: string, role: FoundForm['role'], fields: Array<[string, string]>) => ({
		page,
		role,
		action: page,
		multipart: false,
		fields,
	})
	return [
		form(admin, 'admin', [
			['intent', 'portfolio-draft'],
			['title', 'Koi pond in Inverness'],
			['location', 'Inverness'],
			['description', 'A raised koi pond by the patio.'],
			['photo.1', 'yes'],
		]),
		form(admin, 'admin', [['intent', 'ask-testimonial']]),
		form(customer, 'customer', [
			['intent', 'testimonial'],
			['name', 'Fuzz B.'],
			['town', 'Inverness'],
			['text', 'A lovely pond, built with care.'],
			['rating', '5'],
			['consent', 'yes'],
		]),
	]
}
