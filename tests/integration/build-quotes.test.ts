import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
	buildProjects,
	buildQuoteLines,
	buildQuotes,
	buildQuoteTemplates,
	buildStages,
} from '~/.server/db/schema'
import { londonDate } from '~/lib/london-time'
import { buildEnquiryFields, sendBuildEnquiry } from '../support/build-enquiry'
import { uniqueEmail } from '../support/factories'
import { emailsTo } from '../support/order-links'
import { TestClient } from '../support/session'
import { pageText, setUpShop } from '../support/shop'

// Build quotes over HTTP (issue 59 items 4, 5, 7; decision 0037): the builder, templates, sending, the options without JavaScript, the PDF, acceptance.
const shop = setUpShop({ withAdmin: true })
const db = () => shop.app.database.db
const PROJECT_LINK = /\/account\/projects\/(PB-[A-Z0-9]{6})\?key=([A-Za-z0-9_-]{43})/
const validUntil = () => londonDate(new Date(Date.now() + 20 * 86_400_000))

async function newProject() {
	const client = new TestClient(shop.app)
	const email = uniqueEmail('quote')
	const res = await sendBuildEnquiry(
		client,
		buildEnquiryFields({ email, size: '5 m by 3 m', budget: '5-10k', details: '' }),
	)
	const [, id, key] = PROJECT_LINK.exec(res.headers.get('location') ?? '') ?? []
	expect(id).toBeDefined()
	return { id: id!, key: key!, email, client, admin: `/admin/projects/${id}` }
}

async function markSurveyed(projectId: string) {
	const [p] = await db().select().from(buildProjects).where(eq(buildProjects.id, projectId))
	const res = await shop.admin.client.post(`/admin/projects/${projectId}`, {
		intent: 'status',
		status: 'surveyed',
		version: String(p!.version),
	})
	expect(res.status).toBe(302)
}

/** 'New quote' on the project page: answers the builder's address. */
async function newQuote(projectId: string, from = 'blank') {
	const res = await shop.admin.client.post(`/admin/projects/${projectId}`, {
		intent: 'new-quote',
		from,
	})
	expect(res.status).toBe(302)
	const builder = res.headers.get('location') ?? ''
	expect(builder).toMatch(/^\/admin\/projects\/PB-[A-Z0-9]{6}\/quotes\/\d+$/)
	return builder
}

/** A koi pond: £2,400 of required work, a UV clarifier (£450) and lighting (3 × £89.99) optional. */
const quoteFields = (intent: string, overrides: Record<string, string> = {}) => ({
	intent,
	title: 'Raised koi pond, 12,000 litres',
	intro: 'As we discussed on site.',
	terms: 'You may cancel within 14 days of accepting.',
	validUntil: validUntil(),
	'lines.0.section': 'Excavation',
	'lines.0.description': 'Dig out and remove spoil',
	'lines.0.quantity': '1',
	'lines.0.price': '2400.00',
	'lines.1.section': 'Filtration',
	'lines.1.description': 'UV clarifier 55 W',
	'lines.1.quantity': '1',
	'lines.1.price': '450.00',
	'lines.1.optional': 'on',
	'lines.2.section': 'Electrics',
	'lines.2.description': 'Garden lighting',
	'lines.2.quantity': '3',
	'lines.2.price': '89.99',
	'lines.2.optional': 'on',
	'stages.0.label': 'Deposit on acceptance',
	'stages.0.kind': 'percent',
	'stages.0.amount': '25',
	'stages.0.due': 'acceptance',
	'stages.1.label': 'Liner stage',
	'stages.1.kind': 'percent',
	'stages.1.amount': '50',
	'stages.1.due': 'stage',
	'stages.2.label': 'On completion',
	'stages.2.kind': 'percent',
	'stages.2.amount': '25',
	'stages.2.due': 'completion',
	...overrides,
})

/** A surveyed project with version 1 of its quote sent. */
async function quotedProject() {
	const project = await newProject()
	await markSurveyed(project.id)
	const builder = await newQuote(project.id)
	expect((await shop.admin.client.post(builder, quoteFields('send'))).status).toBe(302)
	const quotePage = `/account/projects/${project.id}/quotes/1?key=${project.key}`
	return { ...project, builder, quotePage }
}

const quoteRow = async (projectId: string, version: number) =>
	(
		await db()
			.select()
			.from(buildQuotes)
			.where(and(eq(buildQuotes.projectId, projectId), eq(buildQuotes.version, version)))
	)[0]!
const optionId = async (quoteId: number, description: string) =>
	(
		await db()
			.select()
			.from(buildQuoteLines)
			.where(
				and(eq(buildQuoteLines.quoteId, quoteId), eq(buildQuoteLines.description, description)),
			)
	)[0]!.id

describe('the quote builder', () => {
	it('shows each error by its field, adds rows without JavaScript, and sends only after the survey', async () => {
		const project = await newProject()
		const admin = shop.admin.client
		const builder = await newQuote(project.id)
		const blank = await pageText(await admin.request(builder))
		// The defaults: the usual schedule and terms with the 14-day right to cancel.
		expect(blank).toContain('Deposit on acceptance')
		expect(blank).toContain('within 14 days of accepting it without giving a reason')

		const bad = await admin.post(builder, quoteFields('save', { 'lines.0.quantity': '2.5' }))
		expect(bad.status).toBe(400)
		const badPage = await pageText(bad)
		expect(badPage).toContain('Enter a whole number from 1 to 9,999')
		expect(badPage).toContain('aria-invalid')
		// The schedule is checked once the lines are right: 25/50/40 is more than the total.
		const over = await admin.post(builder, quoteFields('save', { 'stages.2.amount': '40' }))
		expect(over.status).toBe(400)
		expect(await pageText(over)).toContain('not the total of £2,400.00')
		const added = await admin.post(builder, quoteFields('add-line'))
		expect(added.status).toBe(200)
		const addedPage = await pageText(added)
		expect(addedPage).toContain('name="lines.3.description"')
		expect(addedPage).toContain('Not saved yet')
		const removed = await pageText(await admin.post(builder, quoteFields('remove-line:0')))
		expect(removed).not.toContain('Dig out and remove spoil')
		expect(removed).toContain('UV clarifier 55 W')
		const [, productId, price] = /<option value="([^"]+)">[^<]*\(£([\d.,]+)\)/.exec(removed) ?? []
		const pick = { ...quoteFields('add-product'), productId: productId! }
		const picked = await pageText(await admin.post(builder, pick))
		expect(picked).toContain(`name="lines.3.productId" value="${productId}"`)
		expect(picked).toContain(`value="${price!.replace(',', '')}"`)
		// Saved, but an enquiry cannot be quoted before its survey.
		const early = await admin.post(builder, quoteFields('send'))
		expect(early.status).toBe(409)
		expect(await pageText(early)).toContain('Mark the survey as done')
		expect((await quoteRow(project.id, 1)).status).toBe('draft')
		expect(
			await db()
				.select()
				.from(buildQuoteLines)
				.where(eq(buildQuoteLines.quoteId, (await quoteRow(project.id, 1)).id)),
		).toHaveLength(3)
		// A draft is not the customer's.
		expect(
			(await project.client.request(`/account/projects/${project.id}/quotes/1?key=${project.key}`))
				.status,
		).toBe(404)
	})

	it('saves a draft as a template and starts another project’s quote from it', async () => {
		const first = await newProject()
		const admin = shop.admin.client
		const builder = await newQuote(first.id)
		const saved = await admin.post(
			builder,
			quoteFields('save-template', { templateName: 'Raised koi pond' }),
		)
		expect(saved.status).toBe(302)
		const [template] = await db()
			.select()
			.from(buildQuoteTemplates)
			.where(eq(buildQuoteTemplates.name, 'Raised koi pond'))
		expect(template!.content.lines.map((l) => l.unitPence)).toEqual([240_000, 45_000, 8_999])
		expect(await pageText(await admin.request('/admin/projects/quote-templates'))).toContain(
			'Raised koi pond',
		)

		const second = await newProject()
		const projectPage = await pageText(await admin.request(second.admin))
		expect(projectPage).toContain(`value="template:${template!.id}"`)
		const fromTemplate = await newQuote(second.id, `template:${template!.id}`)
		const page = await pageText(await admin.request(fromTemplate))
		expect(page).toContain('Garden lighting')
		expect(page).toContain('value="89.99"')

		const gone = await admin.post('/admin/projects/quote-templates', {
			intent: 'delete',
			id: String(template!.id),
		})
		expect(gone.status).toBe(302)
		expect(
			await db().select().from(buildQuoteTemplates).where(eq(buildQuoteTemplates.id, template!.id)),
		).toHaveLength(0)
	})
})

describe('sending and the customer’s page', () => {
	it('sends version 2 in place of version 1, which stays readable but cannot be accepted', async () => {
		const project = await quotedProject()
		const [p] = await db().select().from(buildProjects).where(eq(buildProjects.id, project.id))
		expect(p!.status).toBe('quoted')
		const mail = (await emailsTo(shop.app, project.email)).find((m) =>
			m.includes('Your pond quote'),
		)
		expect(mail).toMatch(/\/account\/projects\/PB-[A-Z0-9]{6}\?key=/)
		// (The .eml is read byte by byte: '£' shows as two characters.)
		expect(mail).toMatch(/£2,400\.00, or up to \S*£3,119\.97 with every option/)

		const second = await newQuote(project.id, 'latest')
		expect(
			(await shop.admin.client.post(second, quoteFields('send', { 'lines.0.price': '2500.00' })))
				.status,
		).toBe(302)
		expect((await quoteRow(project.id, 1)).status).toBe('superseded')
		expect((await quoteRow(project.id, 2)).status).toBe('sent')
		expect(
			(await db().select().from(buildProjects).where(eq(buildProjects.id, project.id)))[0]!.status,
		).toBe('quoted')

		const old = await pageText(await project.client.request(project.quotePage))
		expect(old).toContain('Replaced by a newer version')
		expect(old).toContain('Ask for a new quote')
		const refused = await project.client.post(project.quotePage, {
			intent: 'accept',
			name: 'Morag Fraser',
		})
		expect(refused.status).toBe(409)
		expect(await pageText(refused)).toContain('We have sent a newer version of this quote')
		const asked = await project.client.post(project.quotePage, {
			intent: 'request-new',
			message: 'Could you price a smaller pond too?',
		})
		expect(asked.status).toBe(302)
		expect(await pageText(await shop.admin.client.request(project.admin))).toContain(
			'Could you price a smaller pond too?',
		)
		const list = await pageText(
			await project.client.request(`/account/projects/${project.id}?key=${project.key}`),
		)
		expect(list.indexOf('Version 2')).toBeLessThan(list.indexOf('Version 1'))
	})

	it('updates the total for the options ticked without JavaScript, and in the PDF', async () => {
		const project = await quotedProject()
		const quote = await quoteRow(project.id, 1)
		const uv = await optionId(quote.id, 'UV clarifier 55 W')
		const first = await pageText(await project.client.request(project.quotePage))
		// Options start unticked: the total is the required work.
		expect(first).toMatch(/data-testid="quote-total"[^>]*>£2,400\.00/)
		expect(first).toContain('VAT at 20% included')
		const updated = await project.client.request(project.quotePage, {
			method: 'POST',
			headers: { 'content-type': 'application/x-www-form-urlencoded' },
			body: `intent=update&option=${uv}`,
		})
		expect(updated.status).toBe(200)
		const page = await pageText(updated)
		expect(page).toMatch(/data-testid="quote-total"[^>]*>£2,850\.00/)
		expect(page).toContain('£712.50')
		expect(page).toContain('£1,425.00')
		const byLink = await pageText(
			await project.client.request(`${project.quotePage}&update=1&option=${uv}&option=999999`),
		)
		expect(byLink).toMatch(/data-testid="quote-total"[^>]*>£2,850\.00/)
		const pdf = await project.client.request(
			`/account/projects/${project.id}/quotes/1/pdf?key=${project.key}&update=1&option=${uv}`,
		)
		expect(pdf.status).toBe(200)
		expect(pdf.headers.get('content-type')).toBe('application/pdf')
		expect(
			Buffer.from(await pdf.arrayBuffer())
				.subarray(0, 5)
				.toString(),
		).toBe('%PDF-')
	})
})

describe('accepting a quote', () => {
	it('records the choice and the name, moves the project on and makes the stages, once for two tabs', async () => {
		const project = await quotedProject()
		const quote = await quoteRow(project.id, 1)
		const uv = await optionId(quote.id, 'UV clarifier 55 W')
		const accept = (fields: string) =>
			project.client.request(project.quotePage, {
				method: 'POST',
				headers: { 'content-type': 'application/x-www-form-urlencoded' },
				body: fields,
			})
		const unsigned = await accept(`intent=accept&name=&option=${uv}`)
		expect(unsigned.status).toBe(400)
		expect(await pageText(unsigned)).toContain('Type your full name to sign')
		// Two tabs accepting at once: one acceptance, the other told so.
		const body = `intent=accept&name=Morag+Fraser&earlyStart=yes&option=${uv}`
		const both = await Promise.all([accept(body), accept(body)])
		expect(both.map((r) => r.status).sort()).toEqual([302, 409])
		const payPage = both.find((r) => r.status === 302)!.headers.get('location')! // the deposit's
		expect(await pageText(both.find((r) => r.status === 409)!)).toContain('already been accepted')
		expect(await quoteRow(project.id, 1)).toMatchObject({
			status: 'accepted',
			acceptedName: 'Morag Fraser',
			acceptedTotalPence: 285_000,
			earlyStart: true,
		})
		const lines = await db()
			.select()
			.from(buildQuoteLines)
			.where(eq(buildQuoteLines.quoteId, quote.id))
		expect(lines.filter((l) => l.optional && l.chosen).map((l) => l.id)).toEqual([uv])
		const stages = await db().select().from(buildStages).where(eq(buildStages.quoteId, quote.id))
		expect(stages.map((s) => [s.amountPence, s.status])).toEqual([
			[71_250, 'due'],
			[142_500, 'upcoming'],
			[71_250, 'upcoming'],
		])
		expect([stages.reduce((n, s) => n + s.amountPence, 0), payPage]).toEqual([
			285_000,
			`/pay/${stages[0]!.paymentLinkId}`,
		])
		expect(
			(await db().select().from(buildProjects).where(eq(buildProjects.id, project.id)))[0]!.status,
		).toBe('accepted')
		const mail = (await emailsTo(shop.app, project.email)).find((m) =>
			m.includes('Thank you for accepting your quote'),
		)
		expect(mail).toContain('UV clarifier 55 W')
		expect(mail).toContain('£2,850.00')

		// A later try with every option: refused, nothing changes.
		expect((await accept(`intent=accept&name=M+Fraser&option=${uv}&option=${uv + 1}`)).status).toBe(
			409,
		)
		expect(
			await db().select().from(buildStages).where(eq(buildStages.quoteId, quote.id)),
		).toHaveLength(3)
		expect((await quoteRow(project.id, 1)).acceptedTotalPence).toBe(285_000)
	})

	it('refuses an expired quote and offers to ask for a new one', async () => {
		const project = await quotedProject()
		await db()
			.update(buildQuotes)
			.set({ validUntil: new Date(Date.now() - 1000) })
			.where(eq(buildQuotes.projectId, project.id))
		const page = await pageText(await project.client.request(project.quotePage))
		expect(page).toContain('Expired')
		expect(page).toContain('Ask for a new quote')
		expect(page).not.toContain('name="earlyStart"')
		const res = await project.client.post(project.quotePage, {
			intent: 'accept',
			name: 'Morag Fraser',
		})
		expect(res.status).toBe(409)
		expect(await pageText(res)).toContain('passed its valid-until date')
		expect((await quoteRow(project.id, 1)).status).toBe('sent')
	})

	it('answers the same 404 for another customer, a wrong key and a version that does not exist', async () => {
		const project = await quotedProject()
		const other = await newProject()
		const stranger = new TestClient(shop.app)
		const path = `/account/projects/${project.id}/quotes/1`
		for (const url of [
			path,
			`${path}?key=${other.key}`,
			`${path}?key=${'A'.repeat(43)}`,
			`/account/projects/${project.id}/quotes/7?key=${project.key}`,
			`/account/projects/${project.id}/quotes/0?key=${project.key}`,
			`${path}/pdf?key=${other.key}`,
		]) {
			expect((await stranger.request(url)).status, url).toBe(404)
		}
		const post = await other.client.post(`${path}?key=${other.key}`, {
			intent: 'accept',
			name: 'Not Me',
		})
		expect(post.status).toBe(404)
		expect((await quoteRow(project.id, 1)).status).toBe('sent')
	})
})
