import type { AppLoadContext } from 'react-router'
import { data, redirect } from 'react-router'
import { requireAction } from '~/.server/auth/guards'
import { readForm } from '~/.server/http/read-body'
import { createProject, type PortfolioRow, updateProject } from '~/.server/portfolio/project-admin'
import { type FieldErrors, formValues, parseForm } from '~/lib/forms'
import {
	applyPhotoIntent,
	parsePhotoIntent,
	photoListFrom,
	withPhotoList,
} from '~/lib/portfolio/photo-list'
import { ProjectFormSchema, ProjectVersionSchema } from '~/lib/portfolio/project-schema'

/**
 * The project editor's save, for /admin/portfolio/new and /admin/portfolio/<slug>: the shared
 * schema, then one write with the version check. A refusal answers with the posted values, so the
 * page shows them again beside the messages. A photo button pressed without JavaScript (up, down,
 * remove, add) answers with the changed list and saves nothing.
 */
export async function projectFormAction(
	request: Request,
	context: AppLoadContext,
	slug: string | undefined,
) {
	const admin = await requireAction(request, context, 'admin/portfolio/:projectId')
	const posted = formValues(await readForm(request))
	const { photoIntent, ...values } = posted
	const answer = (
		status: number,
		extra: { error?: string; notice?: string; fieldErrors?: FieldErrors },
		shown = values,
	) =>
		data(
			{
				error: extra.error,
				notice: extra.notice,
				fieldErrors: extra.fieldErrors ?? {},
				values: shown,
			},
			{ status },
		)
	const intent = parsePhotoIntent(photoIntent)
	if (intent) {
		const list = applyPhotoIntent(photoListFrom(values), intent)
		return answer(
			200,
			{ notice: 'Photos changed. Save the project to keep the change.' },
			withPhotoList(values, list),
		)
	}
	const version = slug === undefined ? undefined : parseForm(ProjectVersionSchema, values)
	if (version && !version.ok) return answer(400, { error: version.formError })
	const submission = parseForm(ProjectFormSchema, values)
	if (!submission.ok)
		return answer(400, {
			error: 'Please correct the fields marked below.',
			fieldErrors: submission.fieldErrors,
		})
	let saved: string
	if (slug === undefined) {
		saved = (await createProject(context.db, admin.email, submission.data)).slug
	} else {
		const result = await updateProject(
			context.db,
			admin.email,
			slug,
			version?.ok ? version.data.version : 0,
			submission.data,
		)
		if (!result.ok) return answer(result.status, { error: result.error })
		saved = slug
	}
	// The portfolio, the project's page and the home page show the change on their next view.
	context.pageCache.clear()
	context.logger.info({ adminId: admin.id, project: saved }, 'portfolio project saved')
	return redirect(`/admin/portfolio/${saved}?saved=${slug === undefined ? 'created' : 'edited'}`)
}

/** A stored project as the editor's form values. */
export function projectFormValues(row: PortfolioRow): Record<string, string> {
	return withPhotoList(
		{
			name: row.name,
			location: row.location,
			summary: row.summary,
			pondVolume: row.pondVolume === null ? '' : String(row.pondVolume),
			features: row.features.join('\n'),
			story: row.story,
			testimonialText: row.testimonialText,
			testimonialName: row.testimonialName,
			testimonialRating: String(row.testimonialRating / 2),
			published: row.published ? 'yes' : '',
			featured: row.featured ? 'yes' : '',
		},
		{ photos: row.photos, thumbnail: row.thumbnail },
	)
}
