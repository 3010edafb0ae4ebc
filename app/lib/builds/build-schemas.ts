import { z } from 'zod'
import { DELIVERY_MESSAGES, DeliverySchema } from '../delivery-schema'
import { emailAddress } from '../email-address'
import { safeText } from '../text-safety'
import { wholeNumber } from '../whole-number'
import { PROJECT_STATUSES } from './project-status'

/** The 'Plan a pond' form and the build forms of the project pages (issue 59): one schema each. */
export const BUILD_TYPES = ['koi', 'wildlife', 'natural', 'renovation', 'filtration'] as const
export const BUILD_TYPE_LABELS: Record<(typeof BUILD_TYPES)[number], string> = {
	koi: 'Koi pond',
	wildlife: 'Wildlife pond',
	natural: 'Natural or swimming pond',
	renovation: 'Renovation of an existing pond',
	filtration: 'Filtration upgrade',
}
export const BUDGET_BANDS = ['under-5k', '5-10k', '10-20k', '20-40k', 'over-40k', 'unsure'] as const
export const BUDGET_LABELS: Record<(typeof BUDGET_BANDS)[number], string> = {
	'under-5k': 'Under £5,000',
	'5-10k': '£5,000 to £10,000',
	'10-20k': '£10,000 to £20,000',
	'20-40k': '£20,000 to £40,000',
	'over-40k': 'Over £40,000',
	unsure: 'Not sure yet',
}
export const TIMESCALES = ['asap', '3-months', '6-months', '12-months', 'planning'] as const
export const TIMESCALE_LABELS: Record<(typeof TIMESCALES)[number], string> = {
	asap: 'As soon as possible',
	'3-months': 'Within 3 months',
	'6-months': 'In 3 to 6 months',
	'12-months': 'In 6 to 12 months',
	planning: 'Just planning for now',
}
export const HEARD_FROM = [
	'search',
	'recommendation',
	'social',
	'saw-work',
	'customer',
	'other',
] as const
export const HEARD_FROM_LABELS: Record<(typeof HEARD_FROM)[number], string> = {
	search: 'A search engine',
	recommendation: 'A friend or neighbour',
	social: 'Social media',
	'saw-work': 'Saw one of your ponds',
	customer: 'I have bought from you before',
	other: 'Somewhere else',
}
export type BuildType = (typeof BUILD_TYPES)[number]
export type BudgetBand = (typeof BUDGET_BANDS)[number]
export type Timescale = (typeof TIMESCALES)[number]
export type HeardFrom = (typeof HEARD_FROM)[number]

/** Up to five site photos, as problem reports take them. */
export const MAX_SITE_PHOTOS = 5

const choice = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
	z.enum(values, { error: message })

export const BuildEnquirySchema = z.object({
	name: safeText()
		.trim()
		.min(1, 'Please enter your name')
		.max(100, 'Please keep your name under 100 characters'),
	email: emailAddress(DELIVERY_MESSAGES.email),
	phone: DeliverySchema.shape.phone,
	address: safeText()
		.trim()
		.min(1, 'Please enter the address of the site')
		.max(200, 'Please keep the address under 200 characters'),
	postcode: DeliverySchema.shape.postcode,
	type: choice(BUILD_TYPES, 'Please choose the kind of project'),
	size: safeText()
		.trim()
		.min(1, 'Please give a rough size or volume (a guess is fine)')
		.max(120, 'Please keep the size under 120 characters'),
	budget: choice(BUDGET_BANDS, 'Please choose a budget band (or "Not sure yet")'),
	timescale: choice(TIMESCALES, 'Please choose when you would like the work done'),
	heardFrom: choice(HEARD_FROM, 'Please tell us how you heard of us'),
	details: safeText({ allowLineBreaks: true })
		.trim()
		.max(3000, 'Please keep this under 3,000 characters')
		.default(''),
	/** Set once the customer has been told the postcode is outside the area and sends anyway. */
	anyway: z.enum(['1']).optional().catch(undefined),
	/** Honeypot: hidden from people, filled in by form-filling bots. */
	website: safeText().max(200).default(''),
})
export type BuildEnquiryInput = z.output<typeof BuildEnquirySchema>

/** A survey time from the slot picker: the slot's instant as the page wrote it. */
export const SurveySlotSchema = z.object({
	slot: z.iso
		.datetime({ error: 'Please choose a time for the survey' })
		.refine((v) => !Number.isNaN(Date.parse(v)), 'Please choose a time for the survey'),
})

export const SURVEY_INTENTS = ['book', 'cancel'] as const
export const SurveyIntentSchema = z.object({
	intent: z.enum(SURVEY_INTENTS, { error: 'Unknown action' }),
})

const note = (label: string) =>
	safeText({ allowLineBreaks: true })
		.trim()
		.min(1, `Please write the ${label}`)
		.max(5000, `Please keep the ${label} under 5,000 characters`)

export const ProjectStatusSchema = z.object({
	status: z.enum(PROJECT_STATUSES, { error: 'Choose the new status' }),
	reason: safeText({ allowLineBreaks: true })
		.trim()
		.max(500, 'Please keep the reason under 500 characters')
		.default(''),
	version: wholeNumber('The page is out of date: please reload it.', { min: 1 }),
})
export const ProjectNoteSchema = z.object({ text: note('note') })
export const ProjectMessageSchema = z.object({ text: note('message') })
export const SurveyNotesSchema = z.object({
	surveyNotes: safeText({ allowLineBreaks: true })
		.trim()
		.max(5000, 'Please keep the survey notes under 5,000 characters')
		.default(''),
})

export const ProjectFiltersSchema = z.object({
	view: z.enum(['board', 'list']).catch('board').default('board'),
	status: z.enum(PROJECT_STATUSES).optional().catch(undefined),
	type: z.enum(BUILD_TYPES).optional().catch(undefined),
	q: safeText().trim().max(100).optional().catch(undefined),
	page: wholeNumber('Not a page', { min: 1, max: 10_000 }).catch(1).default(1),
})
export type ProjectFilters = z.output<typeof ProjectFiltersSchema>

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/
const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/

/** /admin/projects/settings: the service area and the survey calendar. */
export const BuildSettingsSchema = z.object({
	zones: z.array(safeText().max(40)).max(50).default([]),
	postcodes: safeText({ allowLineBreaks: true })
		.max(2000, 'Please keep the postcode list under 2,000 characters')
		.default(''),
	workingDays: z
		.array(z.enum(['1', '2', '3', '4', '5', '6', '7']))
		.min(1, 'Choose at least one working day'),
	firstSlotAt: safeText().regex(TIME, 'Enter a time such as 09:30'),
	visitMinutes: wholeNumber('Enter the visit length in minutes (15 to 480)', { min: 15, max: 480 }),
	travelMinutes: wholeNumber('Enter the travel time in minutes (0 to 480)', { min: 0, max: 480 }),
	slotsPerDay: wholeNumber('Enter 1 to 12 visits a day', { min: 1, max: 12 }),
	blockedDates: safeText({ allowLineBreaks: true })
		.max(4000, 'Please keep the blocked dates under 4,000 characters')
		.default('')
		.refine(
			(v) => v.split(/[\s,]+/).every((d) => d === '' || DATE.test(d)),
			'Write each blocked date as YYYY-MM-DD, one a line',
		),
	noticeHours: wholeNumber('Enter the notice in hours (0 to 336)', { min: 0, max: 336 }),
	horizonDays: wholeNumber('Enter how many days ahead (7 to 180)', { min: 7, max: 180 }),
	quoteValidDays: wholeNumber('Enter how many days a quote is valid (1 to 365)', {
		min: 1,
		max: 365,
	}).default(30),
})
