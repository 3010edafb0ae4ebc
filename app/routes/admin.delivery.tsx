import { data, Form, useNavigation } from 'react-router'
import { auditWho, recordAudit } from '~/.server/audit/audit-log'
import { requireAccess, requireAction } from '~/.server/auth/guards'
import {
	getDeliverySettings,
	recentSettingsChanges,
	saveDeliverySettings,
} from '~/.server/delivery/settings'
import { readForm } from '~/.server/http/read-body'
import { waitingRequests } from '~/.server/orders/after-sale/staff-requests'
import { AdminNav } from '~/components/admin/admin-nav'
import { NumberField, QuoteFollowUpFields } from '~/components/admin/settings-fields'
import { PageHeader } from '~/components/content/page-header'
import { ErrorSummary } from '~/components/forms/error-summary'
import { errorProps, FieldError } from '~/components/forms/field-error'
import { INPUT_CLASS } from '~/components/forms/input-class'
import { useFormErrors } from '~/components/forms/use-form-errors'
import type { BreadcrumbHandle } from '~/components/layout/breadcrumbs'
import { changedFields, flatFields } from '~/lib/audit'
import { formatDateTime } from '~/lib/dates'
import { parseSettingsForm } from '~/lib/delivery/settings-schema'
import { FALLBACK_ZONE_ID, type Zone } from '~/lib/delivery/zones'
import { type FieldErrors, formValues } from '~/lib/forms'
import { penceToInput } from '~/lib/money'
import { pageMeta } from '~/lib/seo'
import type { Route } from './+types/admin.delivery'

export const handle: BreadcrumbHandle = {
	breadcrumb: () => [
		{ label: 'Admin', to: '/admin' },
		{ label: 'Delivery rates', to: '/admin/delivery' },
	],
}

export const meta: Route.MetaFunction = (args) =>
	pageMeta(args, {
		title: 'Delivery rates · Admin',
		description: 'Delivery zones and prices.',
		noindex: true,
	})

export async function loader({ request, context }: Route.LoaderArgs) {
	const viewer = await requireAccess(request, context, 'admin/delivery')
	const [settings, changes] = await Promise.all([
		getDeliverySettings(context.db),
		recentSettingsChanges(context.db),
	])
	return {
		role: viewer.role,
		settings,
		changes,
		requestsWaiting: await waitingRequests(context.db),
	}
}

export async function action({ request, context }: Route.ActionArgs) {
	const admin = await requireAction(request, context, 'admin/delivery')
	const parsed = parseSettingsForm(formValues(await readForm(request)))
	if (!parsed.ok) return data({ saved: false, fieldErrors: parsed.fieldErrors }, { status: 400 })
	const before = await getDeliverySettings(context.db)
	await saveDeliverySettings(context.db, admin.id, parsed.data)
	await recordAudit(context.db, {
		...auditWho(admin, context.clientIp),
		kind: 'settings.change',
		subject: 'Delivery rates',
		changes: changedFields(flatFields(before), flatFields(parsed.data)),
	})
	context.logger.info({ adminId: admin.id }, 'delivery settings changed')
	return { saved: true, fieldErrors: {} as FieldErrors }
}

export default function DeliveryRates({ loaderData, actionData }: Route.ComponentProps) {
	const { settings, changes } = loaderData
	// The browser runs the action's own check first (parseSettingsForm on the form's values).
	const form = useFormErrors((el) => parseSettingsForm(formValues(el)), actionData?.fieldErrors)
	const { errors } = form
	const saving = useNavigation().state === 'submitting'
	return (
		<>
			<PageHeader
				title="Delivery rates"
				intro="Zones, prices and how long a quote's price is held."
			/>
			<div className="container-page py-10">
				<AdminNav role={loaderData.role} requestsWaiting={loaderData.requestsWaiting} />
				<p className="mb-6 max-w-3xl text-slate-700">
					The dashboard suggests a delivery cost for each order from these rates; you always decide
					the price. Postcodes are areas (<code>IV</code>), districts (<code>PO30</code>) or ranges
					(<code>PA20-PA49</code>); a district beats a whole area, and every postcode no zone claims
					is priced as mainland Great Britain. Leave a price empty where there is no service.
				</p>
				{actionData?.saved ? (
					<p
						role="status"
						className="mb-6 rounded-lg bg-green-50 px-4 py-3 font-medium text-green-900"
					>
						Delivery rates saved. New suggestions use them straight away.
					</p>
				) : null}
				<Form
					method="post"
					noValidate
					onSubmit={form.onSubmit}
					onChange={(event) => form.clear((event.target as EventTarget as HTMLInputElement).name)}
					className="space-y-6"
				>
					<ErrorSummary errors={errors} idFor={settingsFieldId} attempt={form.attempt} />
					{settings.zones.map((zone, i) => (
						<ZoneFields key={zone.id} zone={zone} index={String(i)} errors={errors} />
					))}
					<ZoneFields
						zone={{ id: 'new', name: '', postcodes: [], parcelPence: null, palletPence: null }}
						index="new"
						errors={errors}
					/>
					<fieldset className="grid gap-4 rounded-xl p-4 ring-1 ring-slate-200 sm:grid-cols-2 lg:grid-cols-4">
						<legend className="px-1 font-display text-lg font-bold text-pond-900">
							Every order
						</legend>
						<NumberField
							name="parcelsIncluded"
							label="Parcels in the parcel price"
							value={String(settings.parcelsIncluded)}
							errors={errors}
							step={1}
						/>
						<NumberField
							name="extraParcelsSurcharge"
							label="Surcharge for more parcels (£)"
							value={penceToInput(settings.extraParcelsSurchargePence)}
							errors={errors}
						/>
						<NumberField
							name="extraPalletsSurcharge"
							label="Surcharge for more than one pallet (£)"
							value={penceToInput(settings.extraPalletsSurchargePence)}
							errors={errors}
						/>
						<NumberField
							name="quoteValidDays"
							label="Hold a quoted price for (days)"
							value={String(settings.quoteValidDays)}
							errors={errors}
							step={1}
						/>
					</fieldset>
					<QuoteFollowUpFields settings={settings} errors={errors} />
					<button type="submit" className="btn-primary" disabled={saving}>
						{saving ? 'Saving…' : 'Save delivery rates'}
					</button>
				</Form>
				<section aria-labelledby="changes" className="mt-10">
					<h2 id="changes" className="font-display text-xl font-bold text-pond-900">
						Recent changes
					</h2>
					{changes.length === 0 ? (
						<p className="mt-2 text-slate-700">
							The starting rates are in use; nobody has changed them yet.
						</p>
					) : (
						<ul className="mt-2 space-y-1 text-slate-700">
							{changes.map((c) => (
								<li key={c.id}>
									{formatDateTime(c.at)} by {c.who}
								</li>
							))}
						</ul>
					)}
				</section>
			</div>
		</>
	)
}

/** The input of each field the check names; 'zones' (overlapping rules) is about no one input. */
function settingsFieldId(field: string) {
	const zone = /^zones\.([\w-]+)\.(\w+)$/.exec(field)
	if (zone) return `zone-${zone[1]}-${zone[2]}`
	return field === 'zones' ? undefined : `setting-${field}`
}

function ZoneFields({ zone, index, errors }: { zone: Zone; index: string; errors: FieldErrors }) {
	const name = (field: string) => `zones.${index}.${field}`
	const id = (field: string) => `zone-${index}-${field}`
	const fallback = zone.id === FALLBACK_ZONE_ID
	const isNew = index === 'new'
	return (
		<fieldset className="grid gap-4 rounded-xl p-4 ring-1 ring-slate-200 lg:grid-cols-[1fr_2fr_8rem_8rem_auto]">
			<legend className="px-1 font-display text-lg font-bold text-pond-900">
				{isNew ? 'Add a zone' : zone.name}
			</legend>
			<input type="hidden" name={name('id')} value={zone.id} />
			<div>
				<label htmlFor={id('name')} className="text-sm font-semibold text-slate-800">
					Name
				</label>
				<input
					id={id('name')}
					name={name('name')}
					defaultValue={zone.name}
					className={INPUT_CLASS}
					{...errorProps(id('name'), errors[name('name')])}
				/>
				<FieldError id={id('name')} error={errors[name('name')]} />
			</div>
			<div>
				<label htmlFor={id('postcodes')} className="text-sm font-semibold text-slate-800">
					Postcodes{fallback ? ' (every postcode no other zone claims)' : ''}
				</label>
				<textarea
					id={id('postcodes')}
					name={name('postcodes')}
					rows={2}
					defaultValue={zone.postcodes.join(', ')}
					className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-base"
					{...errorProps(id('postcodes'), errors[name('postcodes')])}
				/>
				<FieldError id={id('postcodes')} error={errors[name('postcodes')]} />
			</div>
			<div>
				<label htmlFor={id('parcel')} className="text-sm font-semibold text-slate-800">
					Parcel (£)
				</label>
				<input
					id={id('parcel')}
					name={name('parcel')}
					type="number"
					min={0}
					step={0.01}
					inputMode="decimal"
					defaultValue={penceToInput(zone.parcelPence)}
					className={INPUT_CLASS}
					{...errorProps(id('parcel'), errors[name('parcel')])}
				/>
				<FieldError id={id('parcel')} error={errors[name('parcel')]} />
			</div>
			<div>
				<label htmlFor={id('pallet')} className="text-sm font-semibold text-slate-800">
					Pallet (£)
				</label>
				<input
					id={id('pallet')}
					name={name('pallet')}
					type="number"
					min={0}
					step={0.01}
					inputMode="decimal"
					defaultValue={penceToInput(zone.palletPence)}
					className={INPUT_CLASS}
					{...errorProps(id('pallet'), errors[name('pallet')])}
				/>
				<FieldError id={id('pallet')} error={errors[name('pallet')]} />
			</div>
			<div className="flex items-end pb-2">
				{fallback || isNew ? null : (
					<label className="flex items-center gap-2 text-sm text-slate-800">
						<input type="checkbox" name={name('remove')} className="size-5" /> Remove
					</label>
				)}
			</div>
		</fieldset>
	)
}
