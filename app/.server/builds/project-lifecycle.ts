import { and, eq, inArray, or, sql } from 'drizzle-orm'
import type { Tx } from '~/.server/db/client'
import { type BuildProject, buildEvents, buildProjects } from '~/.server/db/schema'
import type { BuildEnquiryInput } from '~/lib/builds/build-schemas'
import { canMove, needsReason, type ProjectStatus } from '~/lib/builds/project-status'

/**
 * The only writer of projects and their timeline (issue 59, decision 0033). A status changes
 * through `changeProjectStatus()` alone: the row locked, the move checked against the table in
 * app/lib/builds/project-status.ts, the version bumped and the move written to the timeline, in
 * the caller's transaction (with its emails and jobs).
 */
export type ProjectEvent = {
	kind: (typeof buildEvents.$inferInsert)['kind']
	actor: string
	text?: string
	visible?: boolean
	fromStatus?: ProjectStatus
	toStatus?: ProjectStatus
}

export async function insertProject(
	tx: Tx,
	project: Omit<BuildEnquiryInput, 'anyway' | 'website'> & {
		id: string
		userId: string | null
		outsideArea: boolean
	},
) {
	await tx.insert(buildProjects).values(project)
	await addProjectEvent(tx, project.id, {
		kind: 'enquiry',
		actor: 'customer',
		text: project.outsideArea
			? 'Enquiry received (postcode outside the usual area, sent anyway).'
			: 'Enquiry received.',
	})
}

export async function addProjectEvent(tx: Tx, projectId: string, event: ProjectEvent) {
	await tx.insert(buildEvents).values({ projectId, ...event })
}

/** The project, locked for the rest of the caller's transaction. */
export async function lockProject(tx: Tx, projectId: string): Promise<BuildProject | undefined> {
	const [row] = await tx
		.select()
		.from(buildProjects)
		.where(eq(buildProjects.id, projectId))
		.for('update')
	return row
}

export type StatusChange =
	| { ok: true; project: BuildProject }
	| { ok: false; message: string; status: 404 | 409 | 400 }

/**
 * Moves a project to `to`. `version`, when given, is the version the staff member's page showed:
 * a project changed since is refused rather than overwritten.
 */
export async function changeProjectStatus(
	tx: Tx,
	projectId: string,
	change: { to: ProjectStatus; actor: string; reason?: string; version?: number; note?: string },
): Promise<StatusChange> {
	const project = await lockProject(tx, projectId)
	if (!project) return { ok: false, status: 404, message: 'Project not found' }
	if (change.version !== undefined && change.version !== project.version)
		return {
			ok: false,
			status: 409,
			message: 'This project has changed since the page was opened. Please check it and try again.',
		}
	if (!canMove(project.status, change.to))
		return {
			ok: false,
			status: 409,
			message: `A project that is ${project.status.replace('_', ' ')} cannot move to ${change.to.replace('_', ' ')}.`,
		}
	const reason = change.reason?.trim() ?? ''
	if (needsReason(change.to) && !reason)
		return { ok: false, status: 400, message: 'Please give the reason.' }
	const [updated] = await tx
		.update(buildProjects)
		.set({
			status: change.to,
			statusReason: needsReason(change.to) ? reason : '',
			version: sql`${buildProjects.version} + 1`,
			updatedAt: new Date(),
		})
		.where(and(eq(buildProjects.id, projectId), eq(buildProjects.version, project.version)))
		.returning()
	await addProjectEvent(tx, projectId, {
		kind: 'status',
		actor: change.actor,
		fromStatus: project.status,
		toStatus: change.to,
		text: [change.note, reason].filter(Boolean).join(' '),
	})
	return { ok: true, project: updated! }
}

/** Marks the project changed (a booking moved, a message sent) so stale staff forms are refused. */
export async function touchProject(tx: Tx, projectId: string) {
	await tx
		.update(buildProjects)
		.set({ version: sql`${buildProjects.version} + 1`, updatedAt: new Date() })
		.where(eq(buildProjects.id, projectId))
}

export async function saveSurveyNotes(
	tx: Tx,
	projectId: string,
	surveyNotes: string,
	actor: string,
) {
	const [row] = await tx
		.update(buildProjects)
		.set({ surveyNotes, version: sql`${buildProjects.version} + 1`, updatedAt: new Date() })
		.where(eq(buildProjects.id, projectId))
		.returning({ id: buildProjects.id })
	if (row)
		await addProjectEvent(tx, projectId, {
			kind: 'note',
			actor,
			text: 'Survey notes updated.',
			visible: false,
		})
	return Boolean(row)
}

/**
 * UK GDPR erasure (privacy/personal-data.ts): a customer's projects stay for the business's
 * records, with their name, contact details, address, own words and the customer's messages in the
 * timeline removed and no link to the account. Matched by the account and by its email address,
 * so an enquiry sent signed out goes too. Returns the projects' ids.
 */
export async function anonymiseProjectsOf(tx: Tx, userId: string, email: string | undefined) {
	const mine = email
		? or(eq(buildProjects.userId, userId), sql`lower(${buildProjects.email}) = lower(${email})`)
		: eq(buildProjects.userId, userId)
	const gone = await tx
		.update(buildProjects)
		.set({
			userId: null,
			name: 'Deleted Customer',
			email: '',
			phone: '',
			address: '',
			postcode: '',
			details: '',
			version: sql`${buildProjects.version} + 1`,
			updatedAt: new Date(),
		})
		.where(mine)
		.returning({ id: buildProjects.id })
	const ids = gone.map((p) => p.id)
	// Messages to the customer may quote them; staff notes and status moves stay as written.
	if (ids.length)
		await tx
			.update(buildEvents)
			.set({ text: 'Message removed at the customer’s request.' })
			.where(and(inArray(buildEvents.projectId, ids), eq(buildEvents.kind, 'message')))
	return ids
}
