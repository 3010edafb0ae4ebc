import { and, asc, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm'
import type { Db } from '~/.server/db/client'
import { containsPattern } from '~/.server/db/like'
import { type BuildProject, buildEvents, buildProjects, surveyBookings } from '~/.server/db/schema'
import type { ProjectFilters } from '~/lib/builds/build-schemas'
import { OPEN_STATUSES, PROJECT_STATUSES, type ProjectStatus } from '~/lib/builds/project-status'
import { bookableDays, customerCanChange } from '~/lib/builds/survey-slots'
import { projectPhotoList } from './project-photos'
import { projectQuoteRows } from './quotes'
import { getBuildSettings } from './settings'
import { bookingHistory, takenSlots } from './survey-bookings'

/** Read models for the project pages (issue 59 items 3 and 6). */

const iso = (at: Date | string) => new Date(at).toISOString()

function timeline(rows: Array<Omit<typeof buildEvents.$inferSelect, 'projectId'>>, staff: boolean) {
	return rows.map((e) => ({
		id: e.id,
		at: iso(e.at),
		kind: e.kind,
		// The customer sees 'us', never a staff member's address.
		actor: staff ? e.actor : e.actor === 'customer' ? 'You' : 'Us',
		fromStatus: e.fromStatus,
		toStatus: e.toStatus,
		text: e.text,
		visible: e.visible,
	}))
}

type PageEvent = Omit<typeof buildEvents.$inferSelect, 'projectId'>

/**
 * The customer's page (status, the survey, photos, messages and their part of the timeline) from
 * its rows (project-page-rows.ts); only the events staff made visible reach the timeline.
 */
export function customerPageFrom(
	project: BuildProject,
	rows: {
		booking: { startsAt: Date; endsAt: Date } | undefined
		photos: Array<{ id: number; width: number; height: number }>
		events: PageEvent[]
	},
	now: Date,
) {
	const { booking } = rows
	return {
		project: {
			id: project.id,
			status: project.status,
			statusReason: project.statusReason,
			type: project.type,
			size: project.size,
			budget: project.budget,
			timescale: project.timescale,
			postcode: project.postcode,
			createdAt: iso(project.createdAt),
		},
		booking: booking
			? {
					startsAt: iso(booking.startsAt),
					endsAt: iso(booking.endsAt),
					canChange: customerCanChange(booking.startsAt, now),
				}
			: null,
		photos: rows.photos,
		timeline: timeline(
			rows.events.filter((e) => e.visible),
			false,
		),
	}
}

/** The slot picker's calendar for now. */
export async function surveyCalendar(db: Db, now: Date) {
	const { survey } = await getBuildSettings(db)
	return bookableDays(survey, now, await takenSlots(db, now))
}

const PAGE = 50
const PER_COLUMN = 30

function where(filters: Pick<ProjectFilters, 'status' | 'type' | 'q'>) {
	const clauses: Array<SQL | undefined> = [
		filters.status ? eq(buildProjects.status, filters.status) : undefined,
		filters.type ? eq(buildProjects.type, filters.type) : undefined,
		filters.q
			? or(
					ilike(buildProjects.id, containsPattern(filters.q)),
					ilike(buildProjects.name, containsPattern(filters.q)),
					ilike(buildProjects.email, containsPattern(filters.q)),
					ilike(buildProjects.postcode, containsPattern(filters.q)),
				)
			: undefined,
	]
	return and(...clauses.filter(Boolean))
}

const card = {
	id: buildProjects.id,
	name: buildProjects.name,
	postcode: buildProjects.postcode,
	type: buildProjects.type,
	budget: buildProjects.budget,
	status: buildProjects.status,
	updatedAt: buildProjects.updatedAt,
	outsideArea: buildProjects.outsideArea,
	surveyAt: surveyBookings.startsAt,
}

type Card = { [K in keyof typeof card]: unknown }
const toCard = (r: Card) => ({
	...(r as { id: string; name: string; postcode: string; outsideArea: boolean }),
	type: r.type as BuildProject['type'],
	budget: r.budget as BuildProject['budget'],
	status: r.status as ProjectStatus,
	updatedAt: iso(r.updatedAt as Date),
	surveyAt: r.surveyAt ? iso(r.surveyAt as Date) : null,
})

/** The board: each status's count, and its most recently changed projects. */
export async function projectBoard(db: Db, filters: ProjectFilters) {
	const ranked = db
		.select({
			...card,
			rank: sql<number>`row_number() over (partition by ${buildProjects.status} order by ${buildProjects.updatedAt} desc, ${buildProjects.id})`.as(
				'rank',
			),
		})
		.from(buildProjects)
		.leftJoin(
			surveyBookings,
			and(eq(surveyBookings.projectId, buildProjects.id), eq(surveyBookings.status, 'booked')),
		)
		.where(where(filters))
		.as('ranked')
	const [rows, counts] = await Promise.all([
		db.select().from(ranked).where(sql`${ranked.rank} <= ${PER_COLUMN}`),
		db
			.select({ status: buildProjects.status, count: sql<number>`count(*)::int` })
			.from(buildProjects)
			.where(where(filters))
			.groupBy(buildProjects.status),
	])
	return PROJECT_STATUSES.map((status) => ({
		status,
		count: Number(counts.find((c) => c.status === status)?.count ?? 0),
		projects: rows
			.filter((r) => r.status === status)
			.sort((a, b) => Number(a.rank) - Number(b.rank))
			.map(toCard),
	}))
}

/** The list: newest first, 50 a page. */
export async function projectList(db: Db, filters: ProjectFilters) {
	const rows = await db
		.select(card)
		.from(buildProjects)
		.leftJoin(
			surveyBookings,
			and(eq(surveyBookings.projectId, buildProjects.id), eq(surveyBookings.status, 'booked')),
		)
		.where(where(filters))
		.orderBy(desc(buildProjects.createdAt), desc(buildProjects.id))
		.limit(PAGE + 1)
		.offset((filters.page - 1) * PAGE)
	return { projects: rows.slice(0, PAGE).map(toCard), hasOlder: rows.length > PAGE }
}

/** Projects still being worked on: the admin navigation's badge. */
export async function openProjectCount(db: Db) {
	const [row] = await db
		.select({ count: sql<number>`count(*)::int` })
		.from(buildProjects)
		.where(inArray(buildProjects.status, OPEN_STATUSES))
	return Number(row?.count ?? 0)
}

/** Everything staff see on one project. */
export async function adminProjectPage(db: Db, projectId: string) {
	const [project] = await db.select().from(buildProjects).where(eq(buildProjects.id, projectId))
	if (!project) return undefined
	const [photos, events, bookings] = await Promise.all([
		projectPhotoList(db, projectId),
		db
			.select()
			.from(buildEvents)
			.where(eq(buildEvents.projectId, projectId))
			.orderBy(desc(buildEvents.at), desc(buildEvents.id)),
		bookingHistory(db, projectId),
	])
	const live = bookings.find((b) => b.status === 'booked')
	return {
		project: { ...project, createdAt: iso(project.createdAt), updatedAt: iso(project.updatedAt) },
		photos,
		timeline: timeline(events, true),
		booking: live ? { startsAt: iso(live.startsAt), bookedBy: live.bookedBy } : null,
		bookings: bookings.map((b) => ({
			id: b.id,
			startsAt: iso(b.startsAt),
			status: b.status,
			bookedBy: b.bookedBy,
		})),
	}
}

/**
 * UK GDPR right of access (privacy/personal-data.ts): the customer's projects as they sent them,
 * with what the shop showed them (the visible timeline) and their survey bookings.
 */
export async function customerProjectsData(db: Db, userId: string, email: string | undefined) {
	const projects = await db
		.select()
		.from(buildProjects)
		.where(
			email
				? or(eq(buildProjects.userId, userId), sql`lower(${buildProjects.email}) = lower(${email})`)
				: eq(buildProjects.userId, userId),
		)
		.orderBy(asc(buildProjects.createdAt))
	return Promise.all(
		projects.map(async ({ surveyNotes: _internal, version: _v, userId: _u, ...project }) => ({
			...project,
			bookings: await bookingHistory(db, project.id),
			// The quotes sent to them and what they signed (decision 0037).
			quotes: (await projectQuoteRows(db, project.id))
				.filter((q) => q.status !== 'draft')
				.map((q) => ({
					version: q.version,
					status: q.status,
					title: q.title,
					sentAt: q.sentAt,
					acceptedAt: q.acceptedAt,
					acceptedName: q.acceptedName,
					acceptedTotalPence: q.acceptedTotalPence,
					earlyStart: q.earlyStart,
				})),
			timeline: await db
				.select({ at: buildEvents.at, kind: buildEvents.kind, text: buildEvents.text })
				.from(buildEvents)
				.where(and(eq(buildEvents.projectId, project.id), eq(buildEvents.visible, true)))
				.orderBy(asc(buildEvents.at), asc(buildEvents.id)),
		})),
	)
}
