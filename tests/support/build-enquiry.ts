import { uniqueEmail } from './factories'
import type { TestClient } from './session'

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

/** Posts a 'Plan a pond' enquiry as the browser does (multipart, with any site photo). */
export function sendBuildEnquiry(
	client: TestClient,
	values: Record<string, string>,
	photo?: Buffer,
) {
	const form = new FormData()
	for (const [name, value] of Object.entries(values)) form.append(name, value)
	if (photo)
		form.append('photos', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'IMG_0042.jpg')
	return client.request('/plan-a-pond', { method: 'POST', body: form })
}
