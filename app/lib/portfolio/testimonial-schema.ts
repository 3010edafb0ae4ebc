import { z } from 'zod'
import { safeText } from '~/lib/text-safety'
import { halfStars } from './project-schema'

/** A testimonial as the public pages show it. */
export type PublicTestimonial = {
	id: number
	text: string
	/** 'Alasdair Fraser, Nairn' */
	author: string
	/** 0.5 to 5 */
	rating: number
	avatar: string | null
}

const text = (label: string, max: number, lines = false) =>
	safeText({ allowLineBreaks: lines, message: `${label} contains a control character` })
		.trim()
		.max(max, `${label} is longer than ${max} characters`)

/** The testimonial form at /admin/testimonials (browser and action alike). */
export const TestimonialFormSchema = z.object({
	text: z
		.unknown()
		.transform((v) => v ?? '')
		.pipe(text('Testimonial text', 1500, true).min(1, 'Testimonial text is required')),
	name: z
		.unknown()
		.transform((v) => v ?? '')
		.pipe(text('Name', 120).min(1, 'Name is required')),
	place: z
		.unknown()
		.transform((v) => v ?? '')
		.pipe(text('Place', 120)),
	rating: z
		.unknown()
		.transform((v) => v ?? '')
		.pipe(halfStars('Rating')),
	hidden: z
		.literal(['yes', ''])
		.optional()
		.transform((v) => v === 'yes'),
})
export type TestimonialForm = z.output<typeof TestimonialFormSchema>

export const authorOf = (t: { name: string; place: string }) =>
	t.place ? `${t.name}, ${t.place}` : t.name

/** Who a customer's testimonial is from until staff first change it (issue 59 item 10). */
export const customerAuthor = (projectId: string) => `customer, project ${projectId}`

/** Sent by a customer and not yet touched by staff: hidden until the owner approves it. */
export const awaitingApproval = (t: { hidden: boolean; version: number; updatedBy: string }) =>
	t.hidden && t.version === 1 && t.updatedBy.startsWith('customer, project ')
