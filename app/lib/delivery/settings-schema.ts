import { z } from 'zod'
import { type FieldErrors, parseForm } from '~/lib/forms'
import { parsePriceText } from '~/lib/money'
import { safeText } from '~/lib/text-safety'
import { wholeNumber } from '~/lib/whole-number'
import { FALLBACK_ZONE_ID, overlaps, parseRule } from './zones'

/** The delivery settings form (issue 19): one zod schema for the browser and the action. */
const PRICE_MESSAGE = 'Enter a price in pounds, 0 or more (e.g. 12.50)'
const toPence = (text: string, ctx: z.RefinementCtx) => {
	const pence = parsePriceText(text)
	if (pence === null) {
		ctx.addIssue({ code: 'custom', message: PRICE_MESSAGE })
		return z.NEVER
	}
	return pence
}
/** Empty means 'no service' for a zone's price. */
const optionalPrice = safeText()
	.trim()
	.transform((text, ctx) => (text === '' ? null : toPence(text, ctx)))
const requiredPrice = safeText().trim().transform(toPence)

const postcodes = safeText({ allowLineBreaks: true })
	.max(2000)
	.transform((text, ctx) => {
		const entries = text
			.split(/[\s,]+/)
			.map((t) => t.trim().toUpperCase())
			.filter(Boolean)
		for (const entry of entries)
			if (!parseRule(entry))
				ctx.addIssue({
					code: 'custom',
					message: `"${entry}" is not a postcode area, district or range (e.g. IV, PO30, PA20-PA49)`,
				})
		return entries
	})

const ZoneSchema = z.object({
	id: safeText().regex(/^[a-z0-9-]{1,40}$/, 'Invalid zone'),
	name: safeText()
		.trim()
		.min(1, 'Give the zone a name')
		.max(80, 'Keep the name under 80 characters'),
	postcodes,
	parcelPence: optionalPrice,
	palletPence: optionalPrice,
})

const whole = (min: number, max: number, message: string) => wholeNumber(message, { min, max })

export const DeliverySettingsSchema = z
	.object({
		zones: z.array(ZoneSchema).min(1),
		parcelsIncluded: whole(0, 100, 'Enter a whole number of parcels from 0 to 100'),
		extraParcelsSurchargePence: requiredPrice,
		extraPalletsSurchargePence: requiredPrice,
		quoteValidDays: whole(1, 90, 'Hold prices for 1 to 90 days'),
		// Defaults: versions (and API callers) from before reminders existed.
		reminderHours: whole(
			0,
			720,
			'Remind 0 to 720 hours before the price ends (0: no reminder)',
		).default(48),
		lastMorningReminder: z.boolean().default(false),
		unquotedAlertHours: whole(1, 200, 'Flag requests after 1 to 200 working hours').default(8),
		summaryAt: safeText()
			.trim()
			.regex(/^(?:(?:[01]\d|2[0-3]):[0-5]\d)?$/, 'Enter a time such as 07:30, or leave it empty')
			.default('07:30'),
		instantQuotes: z.boolean().default(false),
	})
	.superRefine((settings, ctx) => {
		const fallback = settings.zones.find((z) => z.id === FALLBACK_ZONE_ID)
		if (!fallback)
			ctx.addIssue({
				code: 'custom',
				path: ['zones'],
				message:
					'The mainland zone is the fallback for every other postcode and cannot be deleted.',
			})
		// zod runs this even when a zone failed: its postcodes may still be the raw text, and
		// overlaps() over 40,000 characters taken one by one blocked the server for seconds.
		if (!settings.zones.every((zone) => Array.isArray(zone.postcodes))) return
		for (const problem of overlaps(
			settings.zones.map((z) => ({ ...z, parcelPence: null, palletPence: null })),
		))
			ctx.addIssue({ code: 'custom', path: ['zones'], message: `Overlapping zones: ${problem}.` })
	})

/**
 * The form posts flat fields (zones.0.name, zones.0.postcodes, …, zones.0.remove); this turns them
 * into the settings shape, dropping removed zones and an empty 'new zone' row.
 */
export function settingsFromForm(values: Record<string, string>) {
	const { settings } = readSettingsForm(values)
	return settings
}

/** Field names in the form for each schema field of a zone. */
const FORM_FIELD: Record<string, string> = { parcelPence: 'parcel', palletPence: 'pallet' }

/**
 * Reads the form, and maps the schema's error paths ('zones.1.parcelPence') back to the form's
 * field names ('zones.3.parcel'): removed rows shift the indices.
 */
export function readSettingsForm(values: Record<string, string>) {
	const zones = new Map<string, Record<string, string>>()
	for (const [key, value] of Object.entries(values)) {
		const match = /^zones\.([\w-]+)\.(\w+)$/.exec(key)
		if (!match) continue
		const [, index, field] = match as unknown as [string, string, string]
		zones.set(index, { ...zones.get(index), [field]: value })
	}
	const kept = [...zones.entries()].filter(
		([index, zone]) => zone.remove !== 'on' && !(index === 'new' && !zone.name?.trim()),
	)
	const list = kept.map(([index, zone]) => ({
		id:
			index === 'new'
				? (zone.name ?? '')
						.toLowerCase()
						.replace(/[^a-z0-9]+/g, '-')
						.replace(/^-|-$/g, '')
						.slice(0, 40) || 'zone'
				: (zone.id ?? ''),
		name: zone.name ?? '',
		postcodes: zone.postcodes ?? '',
		parcelPence: zone.parcel ?? '',
		palletPence: zone.pallet ?? '',
	}))
	const settings = {
		zones: list,
		parcelsIncluded: values.parcelsIncluded ?? '',
		extraParcelsSurchargePence: values.extraParcelsSurcharge ?? '',
		extraPalletsSurchargePence: values.extraPalletsSurcharge ?? '',
		quoteValidDays: values.quoteValidDays ?? '',
		// Absent (a form from before these settings): the schema's defaults, not 0 or 'never'.
		reminderHours: values.reminderHours,
		lastMorningReminder: values.lastMorningReminder === 'on',
		unquotedAlertHours: values.unquotedAlertHours,
		summaryAt: values.summaryAt,
		instantQuotes: values.instantQuotes === 'on',
	}
	const formKey = (path: string) => {
		const zone = /^zones\.(\d+)\.(\w+)$/.exec(path)
		if (zone) return `zones.${kept[Number(zone[1])]?.[0]}.${FORM_FIELD[zone[2]!] ?? zone[2]}`
		return (
			{
				extraParcelsSurchargePence: 'extraParcelsSurcharge',
				extraPalletsSurchargePence: 'extraPalletsSurcharge',
			}[path] ?? path
		)
	}
	return { settings, formKey }
}

/** What a zone's field is called in its messages. */
const ZONE_FIELD_LABEL: Record<string, string> = {
	name: 'name',
	postcodes: 'postcodes',
	parcelPence: 'parcel price',
	palletPence: 'pallet price',
}

/**
 * The posted form checked against the schema, its errors named as the form's fields ('zones.2.pallet').
 * A zone's message says which zone and field it is about ('Highlands, pallet price: Enter a price…'):
 * the error summary lists them away from their rows, and eight rows ask the same questions.
 */
export function parseSettingsForm(values: Record<string, string>) {
	const { settings, formKey } = readSettingsForm(values)
	const parsed = parseForm(DeliverySettingsSchema, settings)
	if (parsed.ok) return parsed
	const fieldErrors: FieldErrors = {}
	for (const [path, message] of Object.entries(parsed.fieldErrors)) {
		const zone = /^zones\.(\d+)\.(\w+)$/.exec(path)
		const index = Number(zone?.[1])
		const about = zone
			? `${settings.zones[index]?.name.trim() || `Zone ${index + 1}`}, ${ZONE_FIELD_LABEL[zone[2]!] ?? zone[2]}: `
			: ''
		fieldErrors[formKey(path)] ??= `${about}${message}`
	}
	return { ...parsed, fieldErrors }
}
