import { uniqueEmail } from './factories'

/** A 'Plan a pond' enquiry's fields as the form posts them (issue 59), with any changed. */
export const buildEnquiryFields = (overrides: Record<string, string> = {}) => ({
	name: 'Morag Fraser',
	email: uniqueEmail('pond'),
	phone: '01463 123456',
	address: '12 Culduthel Road, Inverness',
	postcode: 'IV2 4AG',
	type: 'koi',
	size: '5 m by 3 m, 1.5 m deep',
	budget: '20-40k',
	timescale: '6-months',
	heardFrom: 'saw-work',
	details: 'Sloping lawn facing south; we would like a raised koi pond near the patio.',
	...overrides,
})
