import { Form, Link } from 'react-router'
import { requireAccess } from '~/.server/auth/guards'
import { openProjectCount } from '~/.server/builds/project-pages'
import { getBuildSettings } from '~/.server/builds/settings'
import { getDeliverySettings } from '~/.server/delivery/settings'
import { waitingRequests } from '~/.server/orders/after-sale/staff-requests'
import { AdminNav } from '~/components/admin/admin-nav'
import { PageHeader } from '~/components/content/page-header'
import { errorProps, FieldError } from '~/components/forms/field-error'
import { INPUT_CLASS } from '~/components/forms/input-class'
import type { BreadcrumbHandle } from '~/components/layout/breadcrumbs'
import { slotTimes } from '~/lib/builds/survey-slots'
import { pageMeta } from '~/lib/seo'
import type { Route } from './+types/admin.projects.settings'
import { buildSettingsAction } from './admin.projects.settings.server'

/** Where the business builds and when it surveys (issue 59 items 1 and 2). */
export const handle: BreadcrumbHandle = {
	breadcrumb: () => [
		{ label: 'Admin', to: '/admin' },
		{ label: 'Pond builds', to: '/admin/projects' },
		{ label: 'Survey settings', to: '/admin/projects/settings' },
	],
}

export const meta: Route.MetaFunction = (args) =>
	pageMeta(args, {
		title: 'Survey times and service area · Admin',
		description: 'Survey settings.',
		noindex: true,
	})

export async function loader({ request, context }: Route.LoaderArgs) {
	const viewer = await requireAccess(request, context, 'admin/projects/settings')
	const [settings, delivery, open, requestsWaiting] = await Promise.all([
		getBuildSettings(context.db),
		getDeliverySettings(context.db),
		openProjectCount(context.db),
		waitingRequests(context.db),
	])
	return {
		role: viewer.role,
		settings,
		zones: delivery.zones.map((z) => ({ id: z.id, name: z.name })),
		open,
		requestsWaiting,
		saved: new URL(request.url).searchParams.has('saved'),
	}
}

export const action = (args: Route.ActionArgs) => buildSettingsAction(args)

const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']
const LABEL = 'block text-sm font-semibold text-slate-800'

export default function BuildSettingsPage({ loaderData, actionData }: Route.ComponentProps) {
	const { settings, zones } = loaderData
	const { survey, serviceArea } = settings
	const errors = actionData?.fieldErrors ?? {}
	const number = (name: keyof typeof survey, label: string, min: number, max: number) => (
		<div>
			<label htmlFor={`s-${name}`} className={LABEL}>
				{label}
			</label>
			<input
				id={`s-${name}`}
				name={name}
				type="number"
				inputMode="numeric"
				min={min}
				max={max}
				defaultValue={String(survey[name])}
				className={INPUT_CLASS}
				{...errorProps(`s-${name}`, errors[name])}
			/>
			<FieldError id={`s-${name}`} error={errors[name]} />
		</div>
	)
	return (
		<>
			<PageHeader
				title="Survey times and service area"
				intro="Where you build, and when customers can book a site survey (UK time)."
			/>
			<div className="container-page max-w-4xl py-10">
				<AdminNav
					role={loaderData.role}
					requestsWaiting={loaderData.requestsWaiting}
					projectsOpen={loaderData.open}
				/>
				<Link to="/admin/projects" className="font-semibold text-pond-800 underline">
					Back to pond builds
				</Link>
				{loaderData.saved ? (
					<p role="status" className="mt-3 rounded-lg bg-green-50 px-4 py-3 text-green-950">
						Saved. Visit times now: {slotTimes(survey).join(', ')}.
					</p>
				) : null}
				<Form method="post" className="mt-6 space-y-8">
					<fieldset className="space-y-3">
						<legend className="text-xl font-bold text-pond-900">Service area</legend>
						<p className="text-slate-700">
							A postcode outside these is told politely and may send the enquiry anyway. Zones are
							those of{' '}
							<Link to="/admin/delivery" className="underline">
								Delivery rates
							</Link>
							.
						</p>
						<div className="grid gap-2 sm:grid-cols-2">
							{zones.map((z) => (
								<label
									key={z.id}
									className="flex min-h-11 items-center gap-3 rounded-lg bg-slate-50 px-3"
								>
									<input
										type="checkbox"
										name="zones"
										value={z.id}
										defaultChecked={serviceArea.zones.includes(z.id)}
										className="size-5"
									/>
									{z.name}
								</label>
							))}
						</div>
						<div>
							<label htmlFor="s-postcodes" className={LABEL}>
								Extra postcode areas or districts
							</label>
							<p id="s-postcodes-hint" className="text-sm text-slate-600">
								Separated by commas, for example "BT1-BT20, IM".
							</p>
							<input
								id="s-postcodes"
								name="postcodes"
								defaultValue={serviceArea.postcodes.join(', ')}
								className={INPUT_CLASS}
								{...errorProps('s-postcodes', errors.postcodes, { hint: true })}
							/>
							<FieldError id="s-postcodes" error={errors.postcodes} />
						</div>
					</fieldset>
					<fieldset className="space-y-3">
						<legend className="text-xl font-bold text-pond-900">Survey calendar</legend>
						<fieldset {...errorProps('s-workingDays', errors.workingDays)}>
							<legend className={LABEL}>Working days</legend>
							<div className="mt-1 flex flex-wrap gap-2">
								{DAYS.map((day, i) => (
									<label
										key={day}
										className="flex min-h-11 items-center gap-2 rounded-lg bg-slate-50 px-3"
									>
										<input
											id={i === 0 ? 's-workingDays' : undefined}
											type="checkbox"
											name="workingDays"
											value={i + 1}
											defaultChecked={survey.workingDays.includes(i + 1)}
											className="size-5"
										/>
										{day}
									</label>
								))}
							</div>
							<FieldError id="s-workingDays" error={errors.workingDays} />
						</fieldset>
						<div className="grid gap-4 sm:grid-cols-3">
							<div>
								<label htmlFor="s-firstSlotAt" className={LABEL}>
									First visit starts
								</label>
								<input
									id="s-firstSlotAt"
									name="firstSlotAt"
									type="time"
									defaultValue={survey.firstSlotAt}
									className={INPUT_CLASS}
									{...errorProps('s-firstSlotAt', errors.firstSlotAt)}
								/>
								<FieldError id="s-firstSlotAt" error={errors.firstSlotAt} />
							</div>
							{number('slotsPerDay', 'Visits a day', 1, 12)}
							{number('visitMinutes', 'Visit length (minutes)', 15, 480)}
							{number('travelMinutes', 'Travel between visits (minutes)', 0, 480)}
							{number('noticeHours', 'Notice needed (hours)', 0, 336)}
							{number('horizonDays', 'Bookable days ahead', 7, 180)}
						</div>
						<div>
							<label htmlFor="s-blockedDates" className={LABEL}>
								Blocked dates (no surveys)
							</label>
							<p id="s-blockedDates-hint" className="text-sm text-slate-600">
								One a line, as YYYY-MM-DD: holidays, bank holidays, days on a build.
							</p>
							<textarea
								id="s-blockedDates"
								name="blockedDates"
								rows={4}
								defaultValue={survey.blockedDates.join('\n')}
								className={`${INPUT_CLASS} py-2`}
								{...errorProps('s-blockedDates', errors.blockedDates, { hint: true })}
							/>
							<FieldError id="s-blockedDates" error={errors.blockedDates} />
						</div>
					</fieldset>
					<fieldset className="space-y-3">
						<legend className="text-xl font-bold text-pond-900">Quotes</legend>
						<div className="max-w-xs">
							<label htmlFor="s-quoteValidDays" className={LABEL}>
								A quote is valid for (days)
							</label>
							<input
								id="s-quoteValidDays"
								name="quoteValidDays"
								type="number"
								inputMode="numeric"
								min={1}
								max={365}
								defaultValue={String(settings.quoteValidDays)}
								className={INPUT_CLASS}
								{...errorProps('s-quoteValidDays', errors.quoteValidDays)}
							/>
							<FieldError id="s-quoteValidDays" error={errors.quoteValidDays} />
						</div>
					</fieldset>
					<button type="submit" className="btn-primary">
						Save settings
					</button>
				</Form>
			</div>
		</>
	)
}
