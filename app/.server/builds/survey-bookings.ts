import { and, desc, eq, gte, isNull, max, sql } from 'drizzle-orm'
import { getBusinessDetails } from '~/.server/business/details'
import type { Db, Tx } from '~/.server/db/client'
import { type SurveyBooking, surveyBookings } from '~/.server/db/schema'
import { enqueueEmail } from '~/.server/email/outbox'
import { enqueueJob } from '~/.server/jobs/queue'
import { canBookSurvey } from '~/lib/builds/project-status'
import {
	checkSlot,
	customerCanChange,
	formatSurveyTime,
	reminderAt,
	SLOT_MESSAGES,
	slotEnd,
} from '~/lib/builds/survey-slots'
import {
	surveyBookedEmail,
	surveyCancelledEmail,
	surveyReminderEmail,
	surveyStaffEmail,
} from './build-emails'
import {
	addProjectEvent,
	changeProjectStatus,
	lockProject,
	touchProject,
} from './project-lifecycle'
import { getBuildSettings } from './settings'
import { surveyInvite } from './survey-invite'

/**
 * Site survey bookings (issue 59 item 2, decision 0034): the only writer of `survey_bookings`.
 * A slot is held by inserting its row; the partial unique index on `starts_at` (status booked)
 * lets one insert win whatever the driver, and the losers' `on conflict do nothing` inserts
 * nothing, so their whole transaction (a move's release of the old slot too) is rolled back.
 */
export const SURVEY_REMINDER_JOB = 'survey-reminder'

export type BuildDeps = { db: Db; siteUrl: string; now: () => Date }
export type Who = { actor: string; customer: boolean }
export type BookingResult =
	| { ok: true; booking: SurveyBooking }
	| { ok: false; status: 404 | 409 | 400; message: string }

class SlotTaken extends Error {}

const refuse = (status: 404 | 409 | 400, message: string) => ({
	ok: false as const,
	status,
	message,
})

export function tooLateMessage(phone: string) {
	return `Your survey is less than 24 hours away, so it can no longer be changed online. Please call us on ${phone}.`
}

/** The live booking of a project, if any. */
export async function currentBooking(db: Db | Tx, projectId: string) {
	const [row] = await db
		.select()
		.from(surveyBookings)
		.where(and(eq(surveyBookings.projectId, projectId), eq(surveyBookings.status, 'booked')))
	return row
}

/** The start instants of every booked slot from `from` on, for the slot picker. */
export async function takenSlots(db: Db, from: Date) {
	const rows = await db
		.select({ startsAt: surveyBookings.startsAt })
		.from(surveyBookings)
		.where(and(eq(surveyBookings.status, 'booked'), gte(surveyBookings.startsAt, from)))
	return new Set(rows.map((r) => new Date(r.startsAt).getTime()))
}

/** Books (or moves) a project's survey to `startsAt`. Staff may book at short notice. */
export async function bookSurvey(
	deps: BuildDeps,
	projectId: string,
	startsAt: Date,
	who: Who,
): Promise<BookingResult> {
	const now = deps.now()
	const { survey } = await getBuildSettings(deps.db)
	const refusal = checkSlot(survey, startsAt, now)
	if (refusal && (who.customer || !['too-soon', 'too-far'].includes(refusal)))
		return refuse(409, SLOT_MESSAGES[refusal])
	try {
		return await deps.db.transaction(async (tx) => {
			const project = await lockProject(tx, projectId)
			if (!project) return refuse(404, 'Project not found')
			if (!canBookSurvey(project.status))
				return refuse(409, 'This project is past the survey stage, so a survey cannot be booked.')
			const business = await getBusinessDetails(tx)
			const existing = await currentBooking(tx, projectId)
			if (existing && who.customer && !customerCanChange(existing.startsAt, now))
				return refuse(409, tooLateMessage(business.phone))
			if (existing && existing.startsAt.getTime() === startsAt.getTime())
				return refuse(409, 'Your survey is already booked for that time.')
			if (existing)
				await tx
					.update(surveyBookings)
					.set({ status: 'moved', endedAt: now })
					.where(eq(surveyBookings.id, existing.id))
			const [last] = await tx
				.select({ sequence: max(surveyBookings.sequence) })
				.from(surveyBookings)
				.where(eq(surveyBookings.projectId, projectId))
			const [booking] = await tx
				.insert(surveyBookings)
				.values({
					projectId,
					startsAt,
					endsAt: slotEnd(survey, startsAt),
					sequence: last?.sequence === null || last?.sequence === undefined ? 0 : last.sequence + 1,
					bookedBy: who.actor,
					createdAt: now,
				})
				.onConflictDoNothing()
				.returning()
			if (!booking) throw new SlotTaken()
			const when = formatSurveyTime(startsAt)
			const text = existing
				? `Survey moved from ${formatSurveyTime(existing.startsAt)} to ${when}.`
				: `Survey booked for ${when}.`
			if (project.status === 'enquiry')
				await changeProjectStatus(tx, projectId, {
					to: 'survey_booked',
					actor: who.actor,
					note: text,
				})
			else {
				await touchProject(tx, projectId)
				await addProjectEvent(tx, projectId, { kind: 'survey', actor: who.actor, text })
			}
			const invite = surveyInvite(business, {
				...booking,
				address: project.address,
				postcode: project.postcode,
			})
			await enqueueEmail(tx, surveyBookedEmail(project, startsAt, Boolean(existing), invite))
			await enqueueEmail(tx, surveyStaffEmail(project, text, deps.siteUrl))
			const remindAt = reminderAt(startsAt)
			if (remindAt.getTime() > now.getTime())
				await enqueueJob(tx, {
					key: `${SURVEY_REMINDER_JOB}:${booking.id}`,
					name: SURVEY_REMINDER_JOB,
					runAt: remindAt,
					payload: { bookingId: booking.id },
				})
			return { ok: true as const, booking }
		})
	} catch (error) {
		if (error instanceof SlotTaken) return refuse(409, SLOT_MESSAGES.taken)
		throw error
	}
}

/** Cancels the project's survey; the project goes back to an enquiry. */
export async function cancelSurvey(
	deps: BuildDeps,
	projectId: string,
	who: Who,
): Promise<BookingResult> {
	const now = deps.now()
	return deps.db.transaction(async (tx) => {
		const project = await lockProject(tx, projectId)
		if (!project) return refuse(404, 'Project not found')
		const existing = await currentBooking(tx, projectId)
		if (!existing) return refuse(409, 'There is no survey booked to cancel.')
		const business = await getBusinessDetails(tx)
		if (who.customer && !customerCanChange(existing.startsAt, now))
			return refuse(409, tooLateMessage(business.phone))
		const [cancelled] = await tx
			.update(surveyBookings)
			.set({ status: 'cancelled', endedAt: now })
			.where(eq(surveyBookings.id, existing.id))
			.returning()
		const text = `Survey on ${formatSurveyTime(existing.startsAt)} cancelled.`
		if (project.status === 'survey_booked')
			await changeProjectStatus(tx, projectId, { to: 'enquiry', actor: who.actor, note: text })
		else {
			await touchProject(tx, projectId)
			await addProjectEvent(tx, projectId, { kind: 'survey', actor: who.actor, text })
		}
		const invite = surveyInvite(business, {
			...existing,
			address: project.address,
			postcode: project.postcode,
			cancelled: true,
		})
		await enqueueEmail(tx, surveyCancelledEmail(project, existing.startsAt, invite))
		await enqueueEmail(tx, surveyStaffEmail(project, text, deps.siteUrl))
		return { ok: true as const, booking: cancelled! }
	})
}

/**
 * The reminder job: the day before, once. Safe to run twice (the row is marked as it is sent,
 * only if not yet marked) and a no-op for a survey moved or cancelled since it was queued.
 */
export async function sendSurveyReminder(db: Db, bookingId: number, now: Date) {
	return db.transaction(async (tx) => {
		const [booking] = await tx
			.update(surveyBookings)
			.set({ reminderSentAt: now })
			.where(
				and(
					eq(surveyBookings.id, bookingId),
					eq(surveyBookings.status, 'booked'),
					isNull(surveyBookings.reminderSentAt),
					sql`${surveyBookings.startsAt} > ${now.toISOString()}`,
				),
			)
			.returning()
		if (!booking) return false
		const project = await lockProject(tx, booking.projectId)
		if (!project) return false
		await enqueueEmail(tx, surveyReminderEmail(project, booking.startsAt))
		await addProjectEvent(tx, project.id, {
			kind: 'survey',
			actor: 'system',
			text: 'Reminder of the survey emailed.',
		})
		return true
	})
}

/** A project's bookings, newest first (the admin page's history). */
export function bookingHistory(db: Db, projectId: string) {
	return db
		.select()
		.from(surveyBookings)
		.where(eq(surveyBookings.projectId, projectId))
		.orderBy(desc(surveyBookings.id))
}
