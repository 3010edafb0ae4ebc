import { enqueueEmail } from '~/.server/email/outbox'
import type { ProjectStatus } from '~/lib/builds/project-status'
import { PROJECT_STATUS_LABELS } from '~/lib/builds/project-status'
import { requestTestimonial } from './aftercare'
import { projectMessageEmail, projectStatusEmail } from './build-emails'
import {
	addProjectEvent,
	changeProjectStatus,
	lockProject,
	saveSurveyNotes,
	touchProject,
} from './project-lifecycle'
import { closeAccount, closeStages } from './stage-account'
import type { StageDeps } from './stage-payments'
import type { BuildDeps } from './survey-bookings'

/** What staff do to a project from its admin page (issue 59 item 6), each in one transaction. */
export type ActionResult = { ok: true } | { ok: false; status: 400 | 404 | 409; message: string }

/** What the customer is told when staff move their project on (no email for internal moves). */
const CUSTOMER_NEWS: Partial<Record<ProjectStatus, string>> = {
	surveyed:
		'Thank you for having us round for the survey. We are preparing your itemised quote now.',
	in_progress: 'Work on your pond has started.',
	completed: 'Your pond is finished. Thank you for choosing us.',
	cancelled: 'Your pond project has been cancelled. If this is a surprise, please call us.',
}

export async function staffChangeStatus(
	deps: BuildDeps & Partial<Pick<StageDeps, 'provider' | 'vatNumber'>>,
	projectId: string,
	change: { to: ProjectStatus; reason: string; version: number; actor: string },
): Promise<ActionResult> {
	return deps.db.transaction(async (tx) => {
		const moved = await changeProjectStatus(tx, projectId, change)
		if (!moved.ok) return moved
		// Decision 0038: completion issues the final account and makes any balance due.
		if (change.to === 'completed' && deps.provider)
			await closeAccount(tx, { ...deps, provider: deps.provider }, moved.project)
		if (change.to === 'cancelled') await closeStages(tx, projectId)
		const news = CUSTOMER_NEWS[change.to]
		if (news)
			await enqueueEmail(
				tx,
				projectStatusEmail(
					moved.project,
					`Your project: ${PROJECT_STATUS_LABELS[change.to].toLowerCase()}`,
					news,
				),
			)
		// A finished build: the customer is asked for a testimonial (issue 59 item 10).
		if (change.to === 'completed') await requestTestimonial(tx, moved.project, 'system')
		return { ok: true as const }
	})
}

/** A message to the customer: on their page's timeline and emailed to them. */
export async function messageCustomer(
	deps: BuildDeps,
	projectId: string,
	text: string,
	actor: string,
): Promise<ActionResult> {
	return deps.db.transaction(async (tx) => {
		const project = await lockProject(tx, projectId)
		if (!project) return { ok: false as const, status: 404 as const, message: 'Project not found' }
		await touchProject(tx, projectId)
		await addProjectEvent(tx, projectId, { kind: 'message', actor, text })
		await enqueueEmail(tx, projectMessageEmail(project, text))
		return { ok: true as const }
	})
}

/** An internal note: staff only, never on the customer's page. */
export async function addInternalNote(
	deps: BuildDeps,
	projectId: string,
	text: string,
	actor: string,
): Promise<ActionResult> {
	return deps.db.transaction(async (tx) => {
		const project = await lockProject(tx, projectId)
		if (!project) return { ok: false as const, status: 404 as const, message: 'Project not found' }
		await addProjectEvent(tx, projectId, { kind: 'note', actor, text, visible: false })
		return { ok: true as const }
	})
}

export async function updateSurveyNotes(
	deps: BuildDeps,
	projectId: string,
	notes: string,
	actor: string,
): Promise<ActionResult> {
	const saved = await deps.db.transaction((tx) => saveSurveyNotes(tx, projectId, notes, actor))
	return saved ? { ok: true } : { ok: false, status: 404, message: 'Project not found' }
}
