import { harnessPost, type Shop } from './shop'

/**
 * A second pond build for the quote pages (issue 59 items 4 and 7): surveyed, version 1 of its
 * quote sent (the customer's quote page and its forms), version 2 a draft (the builder's forms).
 * Its own build, so the first one keeps its survey booking forms.
 */
export async function quotedBuild(shop: Shop, roles: { customer: string; admin: string }) {
	const made = await harnessPost(
		shop,
		'/plan-a-pond',
		{
			name: 'Fuzz Quoted',
			email: 'quotes@fuzz.example',
			phone: '01463 123456',
			address: '2 Test Road, Inverness',
			postcode: 'IV2 3XY',
			type: 'wildlife',
			size: '3 m by 2 m',
			budget: '5-10k',
			timescale: 'planning',
			heardFrom: 'search',
			website: '',
		},
		roles.customer,
	)
	const buildId = /\/account\/projects\/(PB-[A-Z0-9]{6})/.exec(
		made.headers.get('location') ?? '',
	)?.[1]
	if (!buildId) throw new Error(`the quoted build's enquiry failed (${made.status})`)
	const admin = (path: string, fields: Record<string, string>) =>
		harnessPost(shop, path, fields, roles.admin)
	await admin(`/admin/projects/${buildId}`, { intent: 'status', status: 'surveyed', version: '1' })
	const draft = async (from: string) => {
		const res = await admin(`/admin/projects/${buildId}`, { intent: 'new-quote', from })
		const id = /\/quotes\/(\d+)$/.exec(res.headers.get('location') ?? '')?.[1]
		if (!id) throw new Error(`a new quote failed (${res.status})`)
		return id
	}
	const first = await draft('blank')
	const sent = await admin(`/admin/projects/${buildId}/quotes/${first}`, {
		intent: 'send',
		title: 'Wildlife pond',
		intro: '',
		terms: 'You may cancel within 14 days of accepting.',
		validUntil: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
		'lines.0.section': 'Excavation',
		'lines.0.description': 'Dig out and shape the margins',
		'lines.0.quantity': '1',
		'lines.0.price': '1800.00',
		'lines.1.section': 'Planting',
		'lines.1.description': 'Marginal plants',
		'lines.1.quantity': '12',
		'lines.1.price': '8.50',
		'lines.1.optional': 'on',
		'stages.0.label': 'Deposit',
		'stages.0.kind': 'percent',
		'stages.0.amount': '25',
		'stages.0.due': 'acceptance',
		'stages.1.label': 'On completion',
		'stages.1.kind': 'percent',
		'stages.1.amount': '75',
		'stages.1.due': 'completion',
	})
	if (sent.status !== 302) throw new Error(`sending the quote failed (${sent.status})`)
	return { quoteBuildId: buildId, quoteId: await draft('latest') }
}
