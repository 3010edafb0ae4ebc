import { and, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { buildFigures } from '~/.server/analytics/build-figures'
import { buildsSummary } from '~/.server/builds/builds-summary'
import { submitBuildEnquiry } from '~/.server/builds/enquiry'
import { changeProjectStatus } from '~/.server/builds/project-lifecycle'
import { surveyCalendar } from '~/.server/builds/project-pages'
import { bookSurvey } from '~/.server/builds/survey-bookings'
import {
	auditLog,
	buildEvents,
	buildPhotos,
	buildProjects,
	emailOutbox,
	photos,
	portfolioProjects,
	testimonials,
} from '~/.server/db/schema'
import { sendMorningSummary } from '~/.server/orders/pages/morning-summary'
import { visibleTestimonials } from '~/.server/portfolio/testimonials'
import { londonDate, startOfLondonDay } from '~/lib/london-time'
import { insertQuoteForTest } from '../support/build-quotes'
import { uniqueEmail } from '../support/factories'
import { emailsTo } from '../support/order-links'
import { TestClient } from '../support/session'
import { pageText, setUpShop } from '../support/shop'

/**
 * A finished pond build (issue 59 items 10 and 11): the portfolio draft made once, unpublished,
 * with the chosen photos and the town only; the testimonial asked for, sent from the project
 * page and hidden until approved; the morning summary's pond builds part; the insights funnel.
 * Projects are made through the enquiry's domain function (the HTTP form is covered in
 * pond-builds.test.ts, and its quota would run out here).
 */
const shop = setUpShop({ withAdmin: true })
const db = () => shop.app.database.db
const PROJECT_LINK = /\/account\/projects\/(PB-[A-Z0-9]{6})\?key=([A-Za-z0-9_-]{43})/

const jpeg = (r: number) =>
	sharp({ create: { width: 64, height: 48, channels: 3, background: { r, g: 120, b: 90 } } })
		.jpeg()
		.toBuffer()

async function newProject({ photoCount = 0 } = {}) {
	const email = uniqueEmail('pond')
	const photoBytes = await Promise.all(Array.from({ length: photoCount }, (_, i) => jpeg(40 * i)))
	const sent = await submitBuildEnquiry(
		db(),
		{ siteUrl: shop.app.runtime.env.SITE_URL },
		{
			name: 'Morag Fraser',
			email,
			phone: '01463 123456',
			address: '12 Culduthel Road, Inverness',
			postcode: 'IV2 4AG',
			type: 'koi',
			size: '5 m by 3 m',
			budget: '20-40k',
			timescale: '6-months',
			heardFrom: 'saw-work',
			details: '',
			website: '',
		},
		photoBytes.map((bytes) => ({
			contentType: 'image/jpeg' as const,
			width: 64,
			height: 48,
			bytes,
		})),
		{ userId: null, outsideArea: false },
	)
	return {
		id: sent.projectId,
		key: sent.key,
		email,
		page: `/account/projects/${sent.projectId}?key=${sent.key}`,
	}
}

/** Straight to 'in progress', as staff would move it over weeks. */
async function moveTo(id: string, statuses: Array<typeof buildProjects.$inferSelect.status>) {
	await db().transaction(async (tx) => {
		for (const to of statuses) {
			const moved = await changeProjectStatus(tx, id, { to, actor: 'staff@example.co.uk' })
			if (!moved.ok) throw new Error(moved.message)
		}
	})
}

/** Completed by staff on the admin page, which asks the customer for a testimonial. */
async function complete(id: string) {
	await moveTo(id, ['surveyed', 'quoted', 'accepted', 'in_progress'])
	const [row] = await db().select().from(buildProjects).where(eq(buildProjects.id, id))
	const res = await shop.admin.client.post(`/admin/projects/${id}`, {
		intent: 'status',
		status: 'completed',
		version: String(row!.version),
	})
	expect(res.status).toBe(302)
}

describe('a portfolio draft from a completed build', () => {
	it('is made once, unpublished, with the chosen photos and the town only', async () => {
		const p = await newProject({ photoCount: 2 })
		const admin = shop.admin.client
		const path = `/admin/projects/${p.id}`
		expect(await pageText(await admin.request(path))).not.toContain('Create portfolio draft')
		await complete(p.id)
		const page = await pageText(await admin.request(path))
		expect(page).toContain('Create portfolio draft')
		// The town comes from the address; the street and house number do not.
		expect(page).toContain('value="Inverness"')
		expect(page).toContain('value="Koi pond in Inverness"')

		const sitePhotos = await db()
			.select({ id: buildPhotos.id })
			.from(buildPhotos)
			.where(eq(buildPhotos.projectId, p.id))
			.orderBy(buildPhotos.position)
		const fields = {
			intent: 'portfolio-draft',
			title: 'A raised koi pond by the patio',
			location: 'Inverness',
			description: 'A 9,000 litre koi pond with a bottom drain.\n\nBuilt over three weeks.',
			[`photo.${sitePhotos[1]!.id}`]: 'yes',
		}
		const refused = await admin.post(path, { ...fields, location: '12 Culduthel Road' })
		expect(refused.status).toBe(400)
		expect(await pageText(refused)).toContain('Please give the town only')
		const foreign = await admin.post(path, { ...fields, 'photo.999999': 'yes' })
		expect(foreign.status).toBe(400)

		const made = await admin.post(path, fields)
		expect(made.status).toBe(302)
		const drafts = await db()
			.select()
			.from(portfolioProjects)
			.where(eq(portfolioProjects.name, fields.title))
		expect(drafts).toHaveLength(1)
		const draft = drafts[0]!
		expect(draft).toMatchObject({ published: false, featured: false, location: 'Inverness' })
		expect(draft.summary).toBe('A 9,000 litre koi pond with a bottom drain.')
		expect(JSON.stringify(draft)).not.toMatch(/Culduthel|IV2/)
		// The second photo only, copied into the photo store under its content's name.
		expect(draft.photos).toHaveLength(1)
		const photoId = /^\/photos\/([0-9a-f]{32})\.jpg$/.exec(draft.photos[0]!.src)?.[1]
		expect(photoId).toBeDefined()
		expect(await db().select().from(photos).where(eq(photos.id, photoId!))).toHaveLength(1)

		const after = await pageText(await admin.request(path))
		expect(after).toContain(`href="/admin/portfolio/${draft.slug}"`)
		expect(after).not.toContain('Create portfolio draft')
		const again = await admin.post(path, fields)
		expect(again.status).toBe(409)
		expect(await pageText(again)).toContain('already has a portfolio draft')
		expect(
			await db().select().from(portfolioProjects).where(eq(portfolioProjects.name, fields.title)),
		).toHaveLength(1)

		const [note] = await db()
			.select()
			.from(buildEvents)
			.where(and(eq(buildEvents.projectId, p.id), eq(buildEvents.kind, 'portfolio')))
		expect(note?.visible).toBe(false)
		const audit = await db().select().from(auditLog).where(eq(auditLog.kind, 'portfolio.draft'))
		expect(audit.map((a) => a.subject)).toContain(`${p.id} → ${draft.slug}`)
		expect(await pageText(await new TestClient(shop.app).request(p.page))).not.toContain(
			'Portfolio draft',
		)
	})
})

describe('the testimonial', () => {
	it('is asked for at completion, sent from the project page, and shown only once approved', async () => {
		const p = await newProject()
		const customer = new TestClient(shop.app)
		expect(await pageText(await customer.request(p.page))).not.toContain('How did we do?')
		await complete(p.id)
		const request = (await emailsTo(shop.app, p.email)).find((m) => m.includes('How did we do?'))
		expect(request).toBeDefined()
		const [, id, key] = PROJECT_LINK.exec(request!) ?? []
		expect(id).toBe(p.id)
		const page = `/account/projects/${id}?key=${key}`
		expect(await pageText(await customer.request(page))).toContain('Send my testimonial')

		const words = 'From the first visit to the last slab, a pleasure. The koi love it.'
		const fields = {
			intent: 'testimonial',
			name: 'Morag F.',
			town: 'Inverness',
			text: words,
			rating: '5',
		}
		const noConsent = await customer.post(page, fields)
		expect(noConsent.status).toBe(400)
		expect(await pageText(noConsent)).toContain('Please tick the box to let us publish it')

		// Someone else's link, or none, finds no project to send it to.
		const other = await newProject()
		const stranger = new TestClient(shop.app)
		const wrong = `/account/projects/${p.id}?key=${other.key}`
		expect((await stranger.request(wrong)).status).toBe(404)
		expect((await stranger.post(wrong, { ...fields, consent: 'yes' })).status).toBe(404)
		expect(
			(await stranger.post(`/account/projects/${p.id}`, { ...fields, consent: 'yes' })).status,
		).toBe(404)
		// Not finished, not asked: no form, and a post is refused.
		expect((await stranger.post(other.page, { ...fields, consent: 'yes' })).status).toBe(409)

		const sent = await customer.post(page, { ...fields, consent: 'yes' })
		expect(sent.status).toBe(302)
		const [row] = await db().select().from(testimonials).where(eq(testimonials.text, words))
		expect(row).toMatchObject({ name: 'Morag F.', place: 'Inverness', rating: 10, hidden: true })
		expect((await visibleTestimonials(db())).map((t) => t.text)).not.toContain(words)
		const thanks = await pageText(await customer.request(`${page}&done=testimonial`))
		expect(thanks).toContain('Thank you for your testimonial')
		expect(thanks).not.toContain('Send my testimonial')
		expect((await customer.post(page, { ...fields, consent: 'yes' })).status).toBe(409)
		expect(await db().select().from(testimonials).where(eq(testimonials.text, words))).toHaveLength(
			1,
		)

		const staffPage = await pageText(await shop.admin.client.request('/admin/testimonials'))
		expect(staffPage).toContain(`Awaiting approval (customer, project ${p.id})`)
		const shown = await shop.admin.client.post('/admin/testimonials', {
			intent: 'show',
			id: String(row!.id),
			version: String(row!.version),
		})
		expect(shown.status).toBeLessThan(400)
		expect((await visibleTestimonials(db())).map((t) => t.text)).toContain(words)
	})
})

describe('the morning summary and insights', () => {
	it('lists surveys today and tomorrow, open quotes and stages due, by the UK day', async () => {
		const surveyed = await newProject()
		const [day] = await surveyCalendar(db(), new Date())
		const slot = day!.slots.find((s) => s.free)!
		const booked = await bookSurvey(
			{ db: db(), siteUrl: 'https://shop.example', now: () => new Date() },
			surveyed.id,
			new Date(slot.startsAt),
			{ actor: 'staff@example.co.uk', customer: false },
		)
		expect(booked.ok).toBe(true)
		const morningOf = new Date(startOfLondonDay(day!.date).getTime() + 6 * 3_600_000)
		const dayBefore = new Date(morningOf.getTime() - 86_400_000)

		const quoted = await newProject()
		await insertQuoteForTest(shop.app, quoted.id, {
			lines: [
				[1_200_000, 1, true],
				[25_000, 4, true],
				[90_000, 1, false],
			],
			validUntil: new Date(morningOf.getTime() + 14 * 86_400_000),
		})
		const expired = await newProject()
		await insertQuoteForTest(shop.app, expired.id, {
			validUntil: new Date(dayBefore.getTime() - 1),
		})
		const accepted = await newProject()
		const { stages } = await insertQuoteForTest(shop.app, accepted.id, {
			status: 'accepted',
			lines: [[2_000_000, 1, true]],
			acceptedAt: dayBefore,
		})

		const today = await buildsSummary(db(), morningOf)
		expect(today.surveys.filter((s) => s.projectId === surveyed.id)).toEqual([
			{ projectId: surveyed.id, startsAt: new Date(slot.startsAt), day: 'Today', district: 'IV2' },
		])
		expect(today.quotes).toEqual({ count: 1, pence: 1_300_000 })
		expect(today.stages).toEqual([
			{
				projectId: accepted.id,
				label: stages[0]!.label,
				amountPence: 500_000,
				dueAt: dayBefore,
				overdue: true,
			},
		])
		expect(
			(await buildsSummary(db(), dayBefore)).surveys.find((s) => s.projectId === surveyed.id)?.day,
		).toBe('Tomorrow')

		await sendMorningSummary(
			{ db: db(), siteUrl: 'https://shop.example', builds: buildsSummary },
			morningOf,
			{ preview: true },
		)
		const [email] = await db()
			.select()
			.from(emailOutbox)
			.where(eq(emailOutbox.kind, 'morning-summary'))
		expect(email?.text).toContain('Pond builds')
		expect(email?.text).toContain(`${surveyed.id} · IV2`)
		expect(email?.text).toMatch(/1 quote awaiting acceptance\s+£13,000\.00/)
		expect(email?.text).toContain(`${accepted.id} · ${stages[0]!.label} · OVERDUE`)
		expect(email?.text).not.toContain('Culduthel')
	})

	it('follows this period’s enquiries to an accepted quote, and sums value by month', async () => {
		const range = { from: londonDate(new Date()), to: londonDate(new Date()) }
		const before = await buildFigures(db(), range)
		await newProject()
		const surveyed = await newProject()
		await moveTo(surveyed.id, ['surveyed'])
		const quoted = await newProject()
		await moveTo(quoted.id, ['surveyed', 'quoted'])
		await insertQuoteForTest(shop.app, quoted.id, { lines: [[800_000, 1, true]] })
		// A re-quote: the first version, replaced, is not counted again.
		await insertQuoteForTest(shop.app, quoted.id, {
			status: 'superseded',
			lines: [[750_000, 1, true]],
		})
		const won = await newProject()
		await moveTo(won.id, ['surveyed', 'quoted', 'accepted'])
		await insertQuoteForTest(shop.app, won.id, {
			status: 'accepted',
			lines: [[1_500_000, 1, true]],
		})
		// Lost after its quote went out: still counted as quoted, found by the quote itself.
		const lost = await newProject()
		await moveTo(lost.id, ['surveyed', 'quoted'])
		await insertQuoteForTest(shop.app, lost.id, { lines: [[100_000, 1, true]] })
		await db().transaction((tx) =>
			changeProjectStatus(tx, lost.id, { to: 'lost', actor: 'staff', reason: 'Went elsewhere' }),
		)

		const after = await buildFigures(db(), range)
		const delta = (k: keyof typeof after.counts) => after.counts[k] - before.counts[k]
		expect([delta('enquiries'), delta('surveyed'), delta('quoted'), delta('accepted')]).toEqual([
			5, 4, 3, 1,
		])
		const month = range.from.slice(0, 7)
		const m = (f: typeof after) => f.months.find((x) => x.month === month)!
		expect(m(after).quotedPence - m(before).quotedPence).toBe(2_400_000)
		expect(m(after).acceptedPence - m(before).acceptedPence).toBe(1_500_000)

		const page = await pageText(await shop.admin.client.request('/admin/insights?period=7d'))
		expect(page).toContain('From enquiry to accepted quote')
		expect(page).toContain('data-step="Quote accepted"')
		expect(page).toContain(`data-month="${month}"`)
	})
})
