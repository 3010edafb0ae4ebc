import type { AppLoadContext } from 'react-router'
import { data, redirect } from 'react-router'
import { z } from 'zod'
import { requireAction } from '~/.server/auth/guards'
import { readForm } from '~/.server/http/read-body'
import {
	createTestimonial,
	moveTestimonial,
	updateTestimonial,
} from '~/.server/portfolio/testimonials'
import { formValues, parseForm } from '~/lib/forms'
import { TestimonialFormSchema } from '~/lib/portfolio/testimonial-schema'
import { safeText } from '~/lib/text-safety'

const number = (message: string) =>
	safeText()
		.regex(/^\d{1,9}$/, message)
		.transform(Number)

const TargetSchema = z.object({
	intent: z.enum(['save', 'hide', 'show', 'up', 'down'], { error: 'Unknown action' }),
	id: number('Unknown testimonial').optional(),
	version: number('The page is out of date: reload it').optional(),
})

/**
 * /admin/testimonials: add or edit one (the shared schema), hide or show it, move it up or down.
 * A change made over an older version of the testimonial is refused (someone else changed it).
 */
export async function testimonialAction(request: Request, context: AppLoadContext) {
	const admin = await requireAction(request, context, 'admin/testimonials')
	const values = formValues(await readForm(request))
	const target = parseForm(TargetSchema, values)
	const refuse = (status: number, error: string, fieldErrors = {}) =>
		data({ error, fieldErrors, values }, { status })
	if (!target.ok) return refuse(400, target.formError)
	const { intent, id, version } = target.data
	let done: string
	if (intent === 'save') {
		const form = parseForm(TestimonialFormSchema, values)
		if (!form.ok) return refuse(400, 'Please correct the fields marked below.', form.fieldErrors)
		if (id === undefined) {
			await createTestimonial(context.db, admin.email, form.data)
			done = 'added'
		} else {
			if (version === undefined) return refuse(400, 'The page is out of date: reload it')
			const result = await updateTestimonial(context.db, admin.email, id, version, form.data)
			if (!result.ok) return refuse(result.status, result.error)
			done = 'saved'
		}
	} else if (id === undefined) {
		return refuse(400, 'Unknown testimonial')
	} else if (intent === 'up' || intent === 'down') {
		await moveTestimonial(context.db, id, intent === 'up' ? -1 : 1)
		done = 'moved'
	} else {
		if (version === undefined) return refuse(400, 'The page is out of date: reload it')
		const result = await updateTestimonial(context.db, admin.email, id, version, {
			hidden: intent === 'hide',
		})
		if (!result.ok) return refuse(result.status, result.error)
		done = intent === 'hide' ? 'hidden' : 'shown'
	}
	// The home page shows the testimonials: pages rendered before the change are dropped.
	context.pageCache.clear()
	context.logger.info({ adminId: admin.id, testimonial: id, intent }, 'testimonial changed')
	return redirect(`/admin/testimonials?done=${done}`)
}
