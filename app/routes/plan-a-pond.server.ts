import { data, redirect } from 'react-router'
import { takeQuota } from '~/.server/auth/attempt-limiter'
import { getSessionUser } from '~/.server/auth/guards'
import { serviceAreaCheck, submitBuildEnquiry } from '~/.server/builds/enquiry'
import { preparePhotos } from '~/.server/orders/after-sale/request-photos'
import { readPhotoForm, removeUploadDir, uploadsDir } from '~/.server/photos/posted-form'
import { uploadSlots } from '~/.server/photos/slots'
import { BuildEnquirySchema, MAX_SITE_PHOTOS } from '~/lib/builds/build-schemas'
import { projectPath } from '~/lib/builds/project-paths'
import { type FieldErrors, parseForm } from '~/lib/forms'
import { PROBLEM_UPLOAD_LIMIT_BYTES } from '~/lib/order-requests'
import type { Route } from './+types/plan-a-pond'

/**
 * The 'Plan a pond' form's action (issue 59 item 1): the form goes to disk as it arrives (as a
 * problem report's), is checked with its schema, counted against the contact form's quota, its
 * postcode checked against the service area (outside: said politely, with 'send anyway'), its
 * photos checked by content and re-encoded; then the project is made and the browser sent to
 * its page, where the survey is booked.
 */
export type PlanActionData = {
	fieldErrors: FieldErrors
	error: string
	values: Record<string, string>
	outside?: { postcode: string; area: string }
}

export async function planAction({ request, context }: Route.ActionArgs) {
	const answer = await uploadSlots.run(async () => {
		const posted = await readPhotoForm(request, {
			limit: PROBLEM_UPLOAD_LIMIT_BYTES,
			fileField: 'photos',
			maxFiles: MAX_SITE_PHOTOS,
			spoolDir: uploadsDir(context.env),
		})
		try {
			const { website: _w, ...values } = posted.values
			const reply = (status: number, body: Partial<PlanActionData>) =>
				data<PlanActionData>({ fieldErrors: {}, error: '', values, ...body }, { status })
			const form = parseForm(BuildEnquirySchema, posted.values)
			if (!form.ok) return reply(400, { fieldErrors: form.fieldErrors })
			// A bot filled the hidden field: answer as if it worked, store and send nothing.
			if (form.data.website) return redirect('/plan-a-pond?sent=1')
			if (!(await takeQuota(context.db, 'build-enquiry', form.data.email, context.clientIp)))
				return reply(429, {
					error: 'Too many enquiries from here. Please try again later, or call us.',
				})
			const area = await serviceAreaCheck(context.db, form.data.postcode)
			if (!area.inside && !form.data.anyway)
				return reply(200, { outside: { postcode: form.data.postcode, area: area.area } })
			const photos = await preparePhotos(posted.files)
			if (!photos.ok) return reply(400, { fieldErrors: { photos: photos.message } })
			const user = await getSessionUser(request, context)
			const sent = await submitBuildEnquiry(
				context.db,
				{ siteUrl: context.env.SITE_URL },
				form.data,
				photos.photos,
				{ userId: user?.id ?? null, outsideArea: !area.inside },
			)
			context.logger.info({ projectId: sent.projectId }, 'pond enquiry received')
			return redirect(`${projectPath(sent.projectId, sent.key)}&new=1#survey`)
		} finally {
			await removeUploadDir(posted.dir)
		}
	})
	return answer
}
