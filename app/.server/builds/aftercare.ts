import { and, asc, eq, inArray } from 'drizzle-orm'
import { recordAudit } from '~/.server/audit/audit-log'
import type { Db, Tx } from '~/.server/db/client'
import { type BuildProject, buildEvents, buildPhotos, buildProjects } from '~/.server/db/schema'
import { enqueueEmail } from '~/.server/email/outbox'
import { contentId } from '~/.server/photos/content-id.mjs'
import { savePhoto } from '~/.server/photos/store'
import { createProject } from '~/.server/portfolio/project-admin'
import { addCustomerTestimonial } from '~/.server/portfolio/testimonials'
import {
	type PortfolioDraft,
	type TestimonialRequestForm,
	townFromAddress,
} from '~/lib/builds/aftercare-schemas'
import { BUILD_TYPE_LABELS } from '~/lib/builds/build-schemas'
import type { ProjectPhoto } from '~/lib/portfolio/project'
import { testimonialArrivedEmail, testimonialRequestEmail } from './build-emails'
import { addProjectEvent, lockProject } from './project-lifecycle'

/**
 * A finished build's after-care (issue 59 item 10): one portfolio draft made from it, and the
 * customer's testimonial asked for and received. What has happened is read from the project's
 * timeline (kinds 'portfolio' and 'testimonial'), written under the project's row lock, so each
 * happens once however many times a form is posted.
 */
export type Aftercare = {
	/** The portfolio draft's address (its editor is /admin/portfolio/<slug>), once made. */
	portfolioSlug: string | null
	testimonialAsked: boolean
	testimonialSent: boolean
}

const PORTFOLIO_LINK = /\/admin\/portfolio\/([a-z0-9-]+)/

export function aftercareOf(
	events: Array<{ kind: string; actor: string; text: string }>,
): Aftercare {
	const draft = events.find((e) => e.kind === 'portfolio')
	const testimonials = events.filter((e) => e.kind === 'testimonial')
	return {
		portfolioSlug: draft ? (PORTFOLIO_LINK.exec(draft.text)?.[1] ?? null) : null,
		testimonialAsked: testimonials.some((e) => e.actor !== 'customer'),
		testimonialSent: testimonials.some((e) => e.actor === 'customer'),
	}
}

export async function aftercareFor(db: Db | Tx, projectId: string): Promise<Aftercare> {
	return aftercareOf(
		await db
			.select({ kind: buildEvents.kind, actor: buildEvents.actor, text: buildEvents.text })
			.from(buildEvents)
			.where(
				and(
					eq(buildEvents.projectId, projectId),
					inArray(buildEvents.kind, ['portfolio', 'testimonial']),
				),
			)
			.orderBy(asc(buildEvents.id)),
	)
}

/** The customer's page offers the form once the pond is finished or they were asked, until sent. */
export const canSendTestimonial = (project: Pick<BuildProject, 'status'>, a: Aftercare) =>
	!a.testimonialSent && (project.status === 'completed' || a.testimonialAsked)

type Refused = { ok: false; status: 400 | 404 | 409; message: string }
type ActionResult = { ok: true } | Refused
const notFound: Refused = { ok: false, status: 404, message: 'Project not found' }

/** The first paragraph, cut at a word before 400 characters: the portfolio card's summary. */
function summaryOf(description: string) {
	const first = description
		.split(/\n\s*\n/)[0]!
		.replace(/\s+/g, ' ')
		.trim()
	if (first.length <= 400) return first
	return `${first.slice(0, 399).replace(/\s+\S*$/, '')}…`
}

/**
 * 'Create portfolio draft' on a completed build: the chosen site photos copied into the photo
 * store (already checked, re-encoded and stripped of metadata when the customer sent them), then
 * an unpublished portfolio project with the town only, the timeline note and the audit entry.
 */
export async function createPortfolioDraft(
	db: Db,
	projectId: string,
	form: PortfolioDraft,
	who: { actor: { id: string; email: string; role: string }; ip: string | null },
): Promise<{ ok: true; slug: string } | Refused> {
	const [before] = await db.select().from(buildProjects).where(eq(buildProjects.id, projectId))
	if (!before) return notFound
	if (before.status !== 'completed')
		return { ok: false, status: 409, message: 'Only a completed build can go in the portfolio.' }
	if ((await aftercareFor(db, projectId)).portfolioSlug)
		return { ok: false, status: 409, message: 'This build already has a portfolio draft.' }
	const chosen = form.photoIds.length
		? await db
				.select()
				.from(buildPhotos)
				.where(and(eq(buildPhotos.projectId, projectId), inArray(buildPhotos.id, form.photoIds)))
				.orderBy(asc(buildPhotos.position))
		: []
	if (chosen.length !== form.photoIds.length)
		return { ok: false, status: 400, message: 'Please choose from this project’s own photos.' }
	// Outside the transaction, as every photo is stored (store.ts): storing one twice is harmless.
	const photos: ProjectPhoto[] = []
	for (const [i, photo] of chosen.entries()) {
		const ref = await savePhoto(
			db,
			{
				id: contentId(photo.bytes),
				contentType: photo.contentType === 'image/webp' ? 'image/webp' : 'image/jpeg',
				width: photo.width,
				height: photo.height,
				size: photo.bytes.length,
				bytes: photo.bytes,
			},
			{ alt: `${form.title}: photo ${i + 1}`, by: who.actor.email },
		)
		photos.push({ src: ref.url, alt: ref.alt })
	}
	return db.transaction(async (tx) => {
		const project = await lockProject(tx, projectId)
		if (!project) return notFound
		// Two clicks at once: the second waits for the lock, then finds the first one's draft.
		if ((await aftercareFor(tx, projectId)).portfolioSlug)
			return {
				ok: false as const,
				status: 409 as const,
				message: 'This build already has a portfolio draft.',
			}
		const { slug } = await createProject(tx, who.actor.email, {
			name: form.title,
			summary: summaryOf(form.description),
			story: form.description,
			location: form.location,
			pondVolume: null,
			features: [],
			testimonialText: '',
			testimonialName: '',
			testimonialRating: 10,
			photos,
			thumbnail: 0,
			published: false,
			featured: false,
		})
		await addProjectEvent(tx, projectId, {
			kind: 'portfolio',
			actor: who.actor.email,
			text: `Portfolio draft “${form.title}” created with ${photos.length} photo${photos.length === 1 ? '' : 's'}, not published: /admin/portfolio/${slug}`,
			visible: false,
		})
		await recordAudit(tx, {
			...who,
			kind: 'portfolio.draft',
			subject: `${projectId} → ${slug}`,
			detail: `${form.title} (${form.location}), ${photos.length} photos, unpublished`,
		})
		return { ok: true as const, slug }
	})
}

/** The request email and its (staff-only) timeline entry, in the caller's transaction. */
export async function requestTestimonial(tx: Tx, project: BuildProject, actor: string) {
	await enqueueEmail(tx, testimonialRequestEmail(project))
	await addProjectEvent(tx, project.id, {
		kind: 'testimonial',
		actor,
		text: 'Asked the customer for a testimonial.',
		visible: false,
	})
}

/** Staff's 'Ask for a testimonial': a completed build whose customer has not sent one yet. */
export async function askForTestimonial(
	db: Db,
	projectId: string,
	actor: string,
): Promise<ActionResult> {
	return db.transaction(async (tx) => {
		const project = await lockProject(tx, projectId)
		if (!project) return notFound
		if (project.status !== 'completed')
			return {
				ok: false as const,
				status: 409 as const,
				message: 'Ask for a testimonial once the build is completed.',
			}
		if ((await aftercareFor(tx, projectId)).testimonialSent)
			return {
				ok: false as const,
				status: 409 as const,
				message: 'The customer has already sent a testimonial.',
			}
		await requestTestimonial(tx, project, actor)
		return { ok: true as const }
	})
}

/** The customer's testimonial: hidden until approved, once per project, staff told. */
export async function sendTestimonial(
	deps: { db: Db; siteUrl: string },
	projectId: string,
	form: TestimonialRequestForm,
): Promise<ActionResult> {
	return deps.db.transaction(async (tx) => {
		const project = await lockProject(tx, projectId)
		if (!project) return notFound
		const state = await aftercareFor(tx, projectId)
		if (state.testimonialSent)
			return {
				ok: false as const,
				status: 409 as const,
				message: 'Thank you: we already have your testimonial.',
			}
		if (!canSendTestimonial(project, state))
			return {
				ok: false as const,
				status: 409 as const,
				message: 'We ask for testimonials once the pond is finished.',
			}
		await addCustomerTestimonial(tx, projectId, {
			text: form.text,
			name: form.name,
			place: form.town,
			rating: form.rating,
		})
		await addProjectEvent(tx, projectId, {
			kind: 'testimonial',
			actor: 'customer',
			text: 'Testimonial sent. Thank you: it appears on our website once we have read it.',
		})
		await enqueueEmail(tx, testimonialArrivedEmail(projectId, deps.siteUrl))
		return { ok: true as const }
	})
}

/** The admin page's after-care part, for a completed build only (null before). */
export async function adminAftercare(
	db: Db,
	project: Pick<BuildProject, 'id' | 'status' | 'type' | 'address'>,
) {
	if (project.status !== 'completed') return null
	const town = townFromAddress(project.address)
	const kind = BUILD_TYPE_LABELS[project.type]
	return {
		...(await aftercareFor(db, project.id)),
		defaults: { title: town ? `${kind} in ${town}` : kind, location: town },
	}
}
