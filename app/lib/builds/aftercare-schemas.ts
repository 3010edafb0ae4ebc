import { z } from 'zod'
import { RATING_CHOICES } from '~/lib/portfolio/project-schema'
import { safeText } from '~/lib/text-safety'

/**
 * The finished build's two forms (issue 59 item 10): staff's 'Create portfolio draft' and the
 * customer's testimonial. Browser and server share them.
 */

const text = (label: string, max: number, lines = false) =>
	safeText({ allowLineBreaks: lines })
		.trim()
		.max(max, `Please keep the ${label} under ${max.toLocaleString('en-GB')} characters`)
const required = (label: string, max: number, lines = false) =>
	text(label, max, lines).min(1, `Please write the ${label}`)

/** Each site photo is its own checkbox, `photo.<id>` (our forms post one value per name). */
export const photoField = (id: number) => `photo.${id}`
const PHOTO_FIELD = /^photo\.(\d{1,9})$/

function withPhotos(input: unknown) {
	if (!input || typeof input !== 'object') return input
	const values = input as Record<string, unknown>
	const photoIds = Object.keys(values)
		.map((name) => PHOTO_FIELD.exec(name)?.[1])
		.filter((id): id is string => id !== undefined && values[`photo.${id}`] === 'yes')
		.map(Number)
	return { ...values, photoIds }
}

export const PortfolioDraftSchema = z.preprocess(
	withPhotos,
	z.object({
		title: required('title', 120),
		location: required('town', 80).refine(
			(v) => !/\d/.test(v),
			'Please give the town only: no house number or postcode',
		),
		description: required('description', 4000, true),
		photoIds: z.array(z.number().int().positive()).max(20, 'Please choose at most 20 photos'),
	}),
)
export type PortfolioDraft = z.output<typeof PortfolioDraftSchema>

export const TestimonialRequestSchema = z.object({
	name: required('name to show', 120),
	town: text('town', 80).default(''),
	text: required('testimonial', 1500, true).refine(
		(v) => v.length >= 10,
		'Please write a sentence or two',
	),
	rating: z
		.enum(RATING_CHOICES.filter(Number.isInteger).map(String) as [string, ...string[]], {
			error: 'Please choose a rating',
		})
		.transform((v) => Number(v) * 2),
	consent: z.literal('yes', { error: 'Please tick the box to let us publish it' }),
})
export type TestimonialRequestForm = z.output<typeof TestimonialRequestSchema>

/**
 * The town in an address typed as one line ('12 Culduthel Road, Inverness' → 'Inverness'): the
 * last comma-separated part without a digit, so a house number or postcode never reaches a public
 * page. Empty when there is no such part: staff type it.
 */
export function townFromAddress(address: string) {
	const parts = address
		.split(/[,\n]/)
		.map((part) => part.trim())
		.filter(Boolean)
	if (parts.length < 2) return ''
	const town = parts.slice(1).findLast((part) => !/\d/.test(part))
	return town ?? ''
}
