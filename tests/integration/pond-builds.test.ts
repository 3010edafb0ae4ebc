import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import {
	buildEvents,
	buildPhotos,
	buildProjects,
	emailOutbox,
	surveyBookings,
} from '~/.server/db/schema'
import { SLOT_MESSAGES } from '~/lib/builds/survey-slots'
import { photoWithLocation } from '../support/after-sale'
import { buildEnquiryFields, sendBuildEnquiry } from '../support/build-enquiry'
import { createCustomer } from '../support/factories'
import { emailsTo } from '../support/order-links'
import { TestClient } from '../support/session'
import { pageText, setUpShop } from '../support/shop'

/**
 * Pond builds over HTTP (issue 59 items 1, 2, 3 and 6): the enquiry with a photo, the service
 * area, booking and its refusals, the .ics invite, the private link and its 404, the customer's
 * 24-hour limit, and staff moving a project on. The hold's race and the reminder job are in
 * app/.server/builds/survey-bookings.test.ts (both drivers).
 */
const shop = setUpShop({ withAdmin: true })
const db = () => shop.app.database.db
const PROJECT_LINK = /\/account\/projects\/(PB-[A-Z0-9]{6})\?key=([A-Za-z0-9_-]{43})/

const fields = buildEnquiryFields

const enquire = sendBuildEnquiry

/** Sends an enquiry that must succeed; answers the project's id and its page's address. */
async function newProject(
	client = new TestClient(shop.app),
	values: Record<string, string> = fields(),
	photo?: Buffer,
) {
	const res = await enquire(client, values, photo)
	expect(res.status).toBe(302)
	const [, id, key] = PROJECT_LINK.exec(res.headers.get('location') ?? '') ?? []
	return {
		id: id!,
		key: key!,
		page: `/account/projects/${id}?key=${key}`,
		email: values.email!,
		client,
	}
}

/** The free survey times a page offers (taken ones are shown disabled). */
const slotsOn = (html: string) =>
	[...html.matchAll(/<input([^>]*name="slot"[^>]*)>/g)]
		.filter((m) => !m[1]!.includes('disabled'))
		.map((m) => /value="([^"]+)"/.exec(m[1]!)![1]!)

describe('a pond enquiry', () => {
	it('keeps the site photo without its location, emails both sides and opens the project page', async () => {
		const original = await photoWithLocation()
		const sent = await newProject(undefined, fields(), original)
		const [project] = await db().select().from(buildProjects).where(eq(buildProjects.id, sent.id))
		expect(project).toMatchObject({
			status: 'enquiry',
			type: 'koi',
			outsideArea: false,
			postcode: 'IV2 4AG',
		})
		const [photo] = await db().select().from(buildPhotos).where(eq(buildPhotos.projectId, sent.id))
		expect((await sharp(photo!.bytes).metadata()).exif).toBeUndefined()

		const page = await pageText(await sent.client.request(`${sent.page}&new=1`))
		expect(page).toContain('Thank you: your enquiry is with us')
		expect(page).toContain('We will send your quote after the survey')
		expect(page).toContain('Nothing to pay yet')
		const photoRes = await sent.client.request(
			`/account/projects/${sent.id}/photos/${photo!.id}?key=${sent.key}`,
		)
		expect(photoRes.headers.get('content-type')).toBe('image/jpeg')

		const [received] = await emailsTo(shop.app, sent.email)
		expect(received).toContain('We have your pond enquiry')
		// Unverified address: nothing the visitor typed comes back, but the private link does.
		expect(received).not.toContain('Sloping lawn')
		expect(received).not.toContain('Morag')
		const [, id, key] = PROJECT_LINK.exec(received!) ?? []
		expect(id).toBe(sent.id)
		expect(
			(await new TestClient(shop.app).request(`/account/projects/${id}?key=${key}`)).status,
		).toBe(200)
		const staff = await db()
			.select()
			.from(emailOutbox)
			.where(eq(emailOutbox.kind, 'build-enquiry-notification'))
		expect(staff.some((m) => m.subject.includes(sent.id) && m.text.includes('Sloping lawn'))).toBe(
			true,
		)
	})

	it('tells a postcode outside the area so, and sends it only when asked to', async () => {
		const values = fields({ postcode: 'BT1 1AA' })
		const client = new TestClient(shop.app)
		const first = await enquire(client, values)
		expect(first.status).toBe(200)
		expect(await pageText(first)).toContain('BT1 1AA is outside the area we usually build in')
		expect(
			await db().select().from(buildProjects).where(eq(buildProjects.email, values.email)),
		).toHaveLength(0)
		const sent = await newProject(client, { ...values, anyway: '1' })
		const [project] = await db().select().from(buildProjects).where(eq(buildProjects.id, sent.id))
		expect(project?.outsideArea).toBe(true)
	})

	it('answers a bad form with the field’s own message', async () => {
		const res = await enquire(new TestClient(shop.app), fields({ postcode: 'not one', budget: '' }))
		expect(res.status).toBe(400)
		const page = await pageText(res)
		expect(page).toContain('Please enter a valid UK postcode')
		expect(page).toContain('Please choose a budget band')
	})
})

describe('booking the site survey', () => {
	it('books a slot from the project page with a calendar invite at the right instant', async () => {
		const sent = await newProject()
		const slot = slotsOn(await pageText(await sent.client.request(sent.page)))[0]!
		const res = await sent.client.post(sent.page, { intent: 'book', slot })
		expect(res.status).toBe(302)
		const page = await pageText(await sent.client.request(sent.page))
		expect(page).toContain('We visit on')
		expect(page).toContain('Survey booked')
		const [invite] = await db()
			.select()
			.from(emailOutbox)
			.where(eq(emailOutbox.kind, 'survey-booked'))
		const ics = invite!.attachments[0] as { content: string; filename: string }
		expect(ics.filename).toBe('site-survey.ics')
		const utc = slot.replace(/[-:]/g, '').replace(/\.\d{3}/, '')
		expect(ics.content).toContain(`DTSTART:${utc}`)
		expect(ics.content).toContain(`UID:survey-${sent.id}@`)
		expect(ics.content).toContain('METHOD:PUBLISH')
		const eml = (await emailsTo(shop.app, sent.email)).find((m) =>
			m.includes('Your site survey is booked'),
		)
		expect(eml).toMatch(/Content-Type: text\/calendar/)
		expect(eml).toContain('filename=site-survey.ics')
	})

	it('refuses a taken slot, a past one and a blocked day, holding nothing', async () => {
		const [a, b] = [await newProject(), await newProject()]
		// The calendar's last time: its day keeps other free times, so it stays on the calendar
		// (a day with none left is not shown) whatever the hour the test runs at.
		const slot = slotsOn(await pageText(await a.client.request(a.page))).at(-1)!
		expect((await a.client.post(a.page, { intent: 'book', slot })).status).toBe(302)
		const taken = await b.client.post(b.page, { intent: 'book', slot })
		expect(taken.status).toBe(409)
		expect(await pageText(taken)).toContain(SLOT_MESSAGES.taken)
		// Another customer's calendar shows the slot taken, not to be chosen.
		const other = await pageText(await b.client.request(b.page))
		expect(other).toMatch(new RegExp(`<input[^>]*disabled=""[^>]*value="${slot}"`))
		const past = await b.client.post(b.page, { intent: 'book', slot: '2024-01-08T09:30:00.000Z' })
		expect(await pageText(past)).toContain(SLOT_MESSAGES.past)
		// The owner blocks the day of the next free slot.
		const next = slotsOn(await pageText(await b.client.request(b.page)))[0]!
		const day = new Date(next).toLocaleDateString('en-CA', { timeZone: 'Europe/London' })
		const settings = new URLSearchParams({
			firstSlotAt: '09:30',
			visitMinutes: '90',
			travelMinutes: '60',
			slotsPerDay: '3',
			noticeHours: '24',
			horizonDays: '28',
			blockedDates: day,
			postcodes: '',
		})
		for (const zone of ['local', 'highlands', 'mainland']) settings.append('zones', zone)
		for (const d of ['1', '2', '3', '4', '5']) settings.append('workingDays', d)
		const saved = await shop.admin.client.request('/admin/projects/settings', {
			method: 'POST',
			headers: { 'content-type': 'application/x-www-form-urlencoded' },
			body: settings.toString(),
		})
		expect(saved.status).toBe(302)
		const blocked = await b.client.post(b.page, { intent: 'book', slot: next })
		expect(await pageText(blocked)).toContain(SLOT_MESSAGES.blocked)
		const held = await db().select().from(surveyBookings).where(eq(surveyBookings.projectId, b.id))
		expect(held).toHaveLength(0)
	})

	it('lets the customer cancel until 24 hours before, then says to call', async () => {
		const sent = await newProject()
		const slot = slotsOn(await pageText(await sent.client.request(sent.page)))[0]!
		await sent.client.post(sent.page, { intent: 'book', slot })
		expect((await sent.client.post(sent.page, { intent: 'cancel' })).status).toBe(302)
		const [project] = await db().select().from(buildProjects).where(eq(buildProjects.id, sent.id))
		expect(project?.status).toBe('enquiry')
		await sent.client.post(sent.page, { intent: 'book', slot })
		// The visit is now two hours away.
		await db()
			.update(surveyBookings)
			.set({ startsAt: new Date(Date.now() + 2 * 3_600_000) })
			.where(eq(surveyBookings.projectId, sent.id))
		const late = await sent.client.post(sent.page, { intent: 'cancel' })
		expect(late.status).toBe(409)
		expect(await pageText(late)).toMatch(/less than 24 hours away.*call us on/)
	})
})

describe('who sees a project', () => {
	it('shows its owner signed in, and the same 404 to a wrong key, another project’s key or another customer', async () => {
		const owner = await createCustomer(shop.app)
		const mine = await newProject(owner.client, fields({ email: owner.email }))
		expect((await owner.client.request(`/account/projects/${mine.id}`)).status).toBe(200)
		const other = await createCustomer(shop.app)
		const theirs = await newProject()
		const wrongKey = `/account/projects/${mine.id}?key=${'A'.repeat(43)}`
		const crossed = `/account/projects/${theirs.id}?key=${mine.key}`
		for (const [client, path] of [
			[other.client, `/account/projects/${mine.id}`],
			[new TestClient(shop.app), wrongKey],
			[new TestClient(shop.app), crossed],
			[new TestClient(shop.app), '/account/projects/PB-ZZZZZZ'],
		] as const) {
			const res = await client.request(path)
			expect(res.status, path).toBe(404)
			expect(res.headers.get('cache-control')).toContain('no-store')
		}
	})
})

describe('staff and the pipeline', () => {
	it('moves a project only by allowed moves, messages the customer and keeps notes to staff', async () => {
		const sent = await newProject()
		const admin = shop.admin.client
		const version = async () =>
			String(
				(await db().select().from(buildProjects).where(eq(buildProjects.id, sent.id)))[0]!.version,
			)
		const path = `/admin/projects/${sent.id}`
		const board = await pageText(await admin.request('/admin/projects'))
		expect(board).toContain(sent.id)
		const wrong = await admin.post(path, {
			intent: 'status',
			status: 'completed',
			version: await version(),
		})
		expect(wrong.status).toBe(409)
		const noReason = await admin.post(path, {
			intent: 'status',
			status: 'lost',
			version: await version(),
		})
		expect(await pageText(noReason)).toContain('Please give the reason.')
		const seen = await version()
		expect(
			(await admin.post(path, { intent: 'status', status: 'surveyed', version: seen })).status,
		).toBe(302)
		// A second tab still showing the old version is refused, not applied.
		const stale = await admin.post(path, { intent: 'status', status: 'quoted', version: seen })
		expect(stale.status).toBe(409)
		expect(await pageText(stale)).toContain('has changed since the page was opened')
		expect(
			(
				await admin.post(path, {
					intent: 'message',
					text: 'We will be with you at half past nine.',
				})
			).status,
		).toBe(302)
		expect(
			(await admin.post(path, { intent: 'note', text: 'Overhead cable by the gate.' })).status,
		).toBe(302)
		const customerPage = await pageText(await sent.client.request(sent.page))
		expect(customerPage).toContain('We will be with you at half past nine.')
		expect(customerPage).not.toContain('Overhead cable')
		const staffPage = await pageText(await admin.request(path))
		expect(staffPage).toContain('Overhead cable')
		const events = await db().select().from(buildEvents).where(eq(buildEvents.projectId, sent.id))
		expect(events.filter((e) => e.kind === 'status').map((e) => e.toStatus)).toEqual(['surveyed'])
		expect((await emailsTo(shop.app, sent.email)).some((m) => m.includes('half past nine'))).toBe(
			true,
		)
	})
})
