import { and, eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildProjects, emailOutbox, jobs, surveyBookings } from '~/.server/db/schema'
import type { BuildEnquiryInput } from '~/lib/builds/build-schemas'
import { bookableDays, DEFAULT_BUILD_SETTINGS, SLOT_MESSAGES } from '~/lib/builds/survey-slots'
import { createTestDatabase, type TestDatabase } from '../../../tests/support/db'
import { submitBuildEnquiry } from './enquiry'
import {
	bookSurvey,
	currentBooking,
	SURVEY_REMINDER_JOB,
	sendSurveyReminder,
} from './survey-bookings'

/**
 * The survey hold (issue 59 item 2, decision 0034), on both drivers (DRIVER_SENSITIVE): twenty
 * customers booking one slot at once, exactly one wins; a move that loses keeps the old slot; the
 * reminder is sent once however often its job runs.
 */
let database: TestDatabase
const now = new Date()
const enquiry = (n: number): BuildEnquiryInput => ({
	name: `Customer ${n}`,
	email: `race-${n}@example.co.uk`,
	phone: '01463 123456',
	address: `${n} Loch Road, Inverness`,
	postcode: 'IV2 3XY',
	type: 'koi',
	size: '4 m by 3 m',
	budget: '10-20k',
	timescale: '3-months',
	heardFrom: 'search',
	details: '',
	website: '',
})
const newProject = async (n: number) =>
	(
		await submitBuildEnquiry(database.db, { siteUrl: 'http://shop.test' }, enquiry(n), [], {
			userId: null,
			outsideArea: false,
		})
	).projectId
const deps = () => ({ db: database.db, siteUrl: 'http://shop.test', now: () => now })
const customer = { actor: 'customer', customer: true }
const freeSlots = () =>
	bookableDays(DEFAULT_BUILD_SETTINGS.survey, now, new Set()).flatMap((d) =>
		d.slots.map((s) => new Date(s.startsAt)),
	)

beforeAll(async () => {
	database = await createTestDatabase()
})
afterAll(async () => {
	await database?.cleanup()
})

describe('holding a survey slot', () => {
	it('gives the last slot to exactly one of 20 customers booking it at once', async () => {
		const slot = freeSlots()[0]!
		// Twenty enquiries in one statement (the enquiry's own path is the HTTP test's).
		const projects = Array.from({ length: 20 }, (_, i) => `PB-RACE${i}`)
		await database.db
			.insert(buildProjects)
			.values(projects.map((id, i) => ({ ...enquiry(i), id, userId: null })))
		const results = await Promise.all(projects.map((id) => bookSurvey(deps(), id, slot, customer)))
		const won = results.filter((r) => r.ok)
		expect(won).toHaveLength(1)
		for (const r of results.filter((r) => !r.ok))
			expect(r).toMatchObject({ status: 409, message: SLOT_MESSAGES.taken })
		const held = await database.db
			.select()
			.from(surveyBookings)
			.where(and(eq(surveyBookings.startsAt, slot), eq(surveyBookings.status, 'booked')))
		expect(held).toHaveLength(1)
		// Nothing was held, and nothing queued, for the 19 who lost.
		const invites = await database.db
			.select({ id: emailOutbox.id })
			.from(emailOutbox)
			.where(eq(emailOutbox.kind, 'survey-booked'))
		expect(invites).toHaveLength(1)
	})

	it('keeps a customer’s booking when moving it to a taken slot fails', async () => {
		const [first, second] = freeSlots().slice(1, 3) as [Date, Date]
		const [a, b] = [await newProject(100), await newProject(101)]
		expect((await bookSurvey(deps(), a, first, customer)).ok).toBe(true)
		expect((await bookSurvey(deps(), b, second, customer)).ok).toBe(true)
		const moved = await bookSurvey(deps(), b, first, customer)
		expect(moved).toMatchObject({ ok: false, message: SLOT_MESSAGES.taken })
		expect((await currentBooking(database.db, b))?.startsAt.getTime()).toBe(second.getTime())
	})

	it('sends the reminder once, however often its job runs, and none for a moved survey', async () => {
		const [slot, later] = freeSlots().slice(3, 5) as [Date, Date]
		const id = await newProject(200)
		const booked = await bookSurvey(deps(), id, slot, customer)
		if (!booked.ok) throw new Error(booked.message)
		const [job] = await database.db
			.select()
			.from(jobs)
			.where(eq(jobs.key, `${SURVEY_REMINDER_JOB}:${booked.booking.id}`))
		expect(job?.runAt.getTime()).toBeLessThan(slot.getTime())
		// A move: the first booking's reminder job now finds nothing to remind of.
		const moved = await bookSurvey(deps(), id, later, customer)
		if (!moved.ok) throw new Error(moved.message)
		expect(await sendSurveyReminder(database.db, booked.booking.id, now)).toBe(false)
		expect(await sendSurveyReminder(database.db, moved.booking.id, now)).toBe(true)
		expect(await sendSurveyReminder(database.db, moved.booking.id, now)).toBe(false)
		const reminders = await database.db
			.select({ to: emailOutbox.to })
			.from(emailOutbox)
			.where(and(eq(emailOutbox.kind, 'survey-reminder'), like(emailOutbox.to, 'race-200@%')))
		expect(reminders).toHaveLength(1)
	})
})
