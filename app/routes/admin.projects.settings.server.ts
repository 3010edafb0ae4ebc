import { data, redirect } from 'react-router'
import { requireAction } from '~/.server/auth/guards'
import { saveBuildSettings } from '~/.server/builds/settings'
import { readForm } from '~/.server/http/read-body'
import { BuildSettingsSchema } from '~/lib/builds/build-schemas'
import type { BuildSettings } from '~/lib/builds/survey-slots'
import { parseRule } from '~/lib/delivery/zones'
import { type FieldErrors, formValues, parseForm } from '~/lib/forms'
import type { Route } from './+types/admin.projects.settings'

/** Saves the service area and the survey calendar (issue 59 items 1 and 2). */
export async function buildSettingsAction({ request, context }: Route.ActionArgs) {
	const admin = await requireAction(request, context, 'admin/projects/settings')
	const posted = await readForm(request)
	const form = parseForm(BuildSettingsSchema, {
		...formValues(posted),
		zones: posted.getAll('zones').map(String),
		workingDays: posted.getAll('workingDays').map(String),
	})
	if (!form.ok) return data({ fieldErrors: form.fieldErrors as FieldErrors }, { status: 400 })
	const postcodes = form.data.postcodes
		.split(/[\s,]+/)
		.map((p) => p.trim().toUpperCase())
		.filter(Boolean)
	const bad = postcodes.filter((p) => !parseRule(p))
	if (bad.length)
		return data(
			{
				fieldErrors: {
					postcodes: `These are not postcode areas or districts: ${bad.slice(0, 5).join(', ')}`,
				} as FieldErrors,
			},
			{ status: 400 },
		)
	const settings: BuildSettings = {
		serviceArea: { zones: form.data.zones, postcodes },
		survey: {
			workingDays: [...new Set(form.data.workingDays.map(Number))].sort(),
			firstSlotAt: form.data.firstSlotAt,
			visitMinutes: form.data.visitMinutes,
			travelMinutes: form.data.travelMinutes,
			slotsPerDay: form.data.slotsPerDay,
			blockedDates: [...new Set(form.data.blockedDates.split(/[\s,]+/).filter(Boolean))].sort(),
			noticeHours: form.data.noticeHours,
			horizonDays: form.data.horizonDays,
		},
		quoteValidDays: form.data.quoteValidDays,
	}
	await saveBuildSettings(context.db, admin.email, settings)
	context.logger.info({ adminId: admin.id }, 'build settings saved')
	throw redirect('/admin/projects/settings?saved=1')
}
