import { z } from 'zod'
import { safeText } from '~/lib/text-safety'
import type { ProjectPhoto } from './project'

/**
 * The project editor's one schema (/admin/portfolio/<id>), run by the browser on submit and by the
 * action: every message names its field. The form posts flat fields (photos as
 * photos.N.src / photos.N.alt), gathered into a project here.
 */
export const MAX_PHOTOS = 100
export const MAX_FEATURES = 20

const text = (label: string, max: number, lines = false) =>
	safeText({ allowLineBreaks: lines, message: `${label} contains a control character` })
		.trim()
		.max(max, `${label} is longer than ${max} characters`)
const required = (label: string, max: number) => text(label, max).min(1, `${label} is required`)

/** A path on this site: the generated images today, an uploaded photo's address later. */
export const PHOTO_PATH = /^\/(?!\/)[A-Za-z0-9._~\-/]+$/
export const photoPath = (label: string) =>
	required(label, 500).refine(
		(v) => PHOTO_PATH.test(v) && !v.includes('..') && !v.includes('//'),
		`${label} must be a path on this site, like /images/portfolio/pond1/01-1280.jpg`,
	)

/** Ratings in half stars, 0.5 to 5, as the select offers them ('4.5'); stored as halves (9). */
export const RATING_CHOICES = [5, 4.5, 4, 3.5, 3, 2.5, 2, 1.5, 1, 0.5] as const
export const halfStars = (label: string) =>
	safeText()
		.trim()
		.refine(
			(v) => (RATING_CHOICES as readonly number[]).includes(Number(v)) && v !== '',
			`${label} must be from 0.5 to 5 stars, in half stars`,
		)
		.transform((v) => Math.round(Number(v) * 2))

const photo = (n: number) =>
	z.object({
		src: photoPath(`Photo ${n} path`),
		alt: required(`Alt text for photo ${n}`, 300),
	})

/**
 * photos.N.src / photos.N.alt into a list, skipping rows with no photo: the empty 'Add a photo'
 * row, and one with a description typed but no photo, which must not stop the rest being saved
 * (issue 62; the row says so). A photo without its description is still refused.
 */
export function gatherPhotos(values: Record<string, unknown>) {
	const photos: Array<{ src: unknown; alt: unknown }> = []
	for (let i = 0; i < MAX_PHOTOS + 1; i++) {
		const src = values[`photos.${i}.src`]
		const alt = values[`photos.${i}.alt`]
		if (src === undefined && alt === undefined) continue
		if (noPhoto(src)) continue
		photos.push({ src: src ?? '', alt: alt ?? '' })
	}
	return photos
}

/** A row whose photo path is missing or blank. */
const noPhoto = (src: unknown) => src === undefined || (typeof src === 'string' && !src.trim())

const Fields = z
	.object({
		name: required('Name', 120),
		summary: required('Summary', 400),
		location: required('Location', 80),
		pondVolume: text('Pond volume', 12)
			.transform((v) => v.replace(/[,\s]|litres?$/gi, ''))
			.refine(
				(v) => v === '' || /^\d{1,7}$/.test(v),
				'Pond volume must be a whole number of litres',
			)
			.transform((v) => (v === '' ? null : Number(v))),
		features: text('Features', 4000, true)
			.transform((v) =>
				v
					.split(/\r?\n/)
					.map((line) => line.trim())
					.filter(Boolean),
			)
			.refine(
				(lines) => lines.length <= MAX_FEATURES,
				`Features has more than ${MAX_FEATURES} lines`,
			)
			.refine(
				(lines) => lines.every((line) => line.length <= 150),
				'Features has a line longer than 150 characters',
			),
		story: text('Story', 20_000, true),
		testimonialText: text('Testimonial', 1500, true),
		testimonialName: text('Testimonial name', 120),
		testimonialRating: halfStars('Testimonial rating'),
		photos: z
			.array(z.object({ src: z.unknown(), alt: z.unknown() }))
			.max(MAX_PHOTOS, `Photos: at most ${MAX_PHOTOS} photos`),
		thumbnail: safeText()
			.trim()
			.regex(/^\d{0,3}$/, 'Thumbnail must be one of the photos')
			.transform((v) => Number(v || '0')),
		published: z.literal(['yes', '']).optional(),
		featured: z.literal(['yes', '']).optional(),
	})
	.superRefine((form, ctx) => {
		form.photos.forEach((entry, i) => {
			const result = photo(i + 1).safeParse(entry)
			if (!result.success)
				for (const issue of result.error.issues)
					ctx.addIssue({
						code: 'custom',
						path: ['photos', i, ...issue.path],
						message: issue.message,
					})
		})
		if (form.photos.length > 0 && form.thumbnail >= form.photos.length)
			ctx.addIssue({
				code: 'custom',
				path: ['thumbnail'],
				message: 'Thumbnail must be one of the photos',
			})
		if (form.published === 'yes' && form.photos.length === 0)
			ctx.addIssue({
				code: 'custom',
				path: ['photos'],
				message: 'Photos: a published project needs at least one photo',
			})
		if (form.testimonialText && !form.testimonialName)
			ctx.addIssue({
				code: 'custom',
				path: ['testimonialName'],
				message: 'Testimonial name is required with a testimonial',
			})
		if (form.testimonialName && !form.testimonialText)
			ctx.addIssue({
				code: 'custom',
				path: ['testimonialText'],
				message: 'Testimonial is required with a testimonial name',
			})
	})
	.transform((form) => ({
		...form,
		photos: form.photos.map((p) => ({
			src: String(p.src).trim(),
			alt: String(p.alt).trim(),
		})) as ProjectPhoto[],
		thumbnail: form.photos.length ? form.thumbnail : 0,
		published: form.published === 'yes',
		featured: form.featured === 'yes',
	}))

const TEXT_FIELDS = [
	'name',
	'summary',
	'location',
	'pondVolume',
	'features',
	'story',
	'testimonialText',
	'testimonialName',
] as const

/** A field missing from the post reads as empty, so its message names it like any other. */
function fromForm(input: unknown) {
	if (!input || typeof input !== 'object') return input
	const values = input as Record<string, unknown>
	const form: Record<string, unknown> = { ...values }
	for (const name of TEXT_FIELDS) form[name] = values[name] ?? ''
	form.testimonialRating = values.testimonialRating ?? '5'
	form.thumbnail = values.thumbnail ?? '0'
	form.photos = gatherPhotos(values)
	return form
}

export const ProjectFormSchema = z.preprocess(fromForm, Fields)
export type ProjectForm = z.output<typeof ProjectFormSchema>

/** The editor's hidden version field: the row's version when it was loaded. */
export const ProjectVersionSchema = z.object({
	version: safeText()
		.regex(/^\d{1,9}$/, 'The form is out of date: reload the page')
		.transform(Number),
})
