import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { reportProblem } from '~/.server/orders/after-sale/customer-requests'
import {
	reportGate,
	TOO_MANY_REPORTS_MESSAGE,
	takeReportQuota,
} from '~/.server/orders/after-sale/problem-gate'
import { preparePhotos } from '~/.server/orders/after-sale/request-photos'
import { orderDeps } from '~/.server/orders/lifecycle/deps'
import { orderAccessFor } from '~/.server/orders/pages/order-access'
import { readPhotoForm, removeUploadDir, uploadsDir } from '~/.server/photos/posted-form'
import { uploadSlots } from '~/.server/photos/slots'
import { PageHeader } from '~/components/content/page-header'
import { ErrorSummary } from '~/components/forms/error-summary'
import { errorProps, FieldError } from '~/components/forms/field-error'
import { INPUT_CLASS } from '~/components/forms/input-class'
import { useFormErrors } from '~/components/forms/use-form-errors'
import type { BreadcrumbHandle } from '~/components/layout/breadcrumbs'
import { type FieldErrors, formValues, parseForm } from '~/lib/forms'
import { ORDER_NOT_FOUND, orderPath } from '~/lib/order-link-paths'
import {
	MAX_PROBLEM_PHOTOS,
	PROBLEM_KINDS,
	PROBLEM_LABELS,
	PROBLEM_UPLOAD_LIMIT_BYTES,
} from '~/lib/order-requests'
import { isDispatched } from '~/lib/order-status'
import { ProblemReportSchema } from '~/lib/request-schemas'
import { PRIVATE_ORDER_HEADERS, privateOrderMeta } from '~/lib/seo'
import type { Route } from './+types/account.orders.$orderId.problem'

/**
 * 'Report a problem' (issue 30 item 7): damage, a fault, something missing or the wrong item,
 * with up to five photos. Accepted at any time after dispatch; after 24 hours from delivery it is
 * marked late, never refused. Same access and 404 as the order page.
 */
export const handle: BreadcrumbHandle = {
	breadcrumb: (match) => [
		{ label: 'Account', to: '/auth' },
		{ label: 'Report a problem', to: match.pathname },
	],
}

export const meta: Route.MetaFunction = (args) =>
	privateOrderMeta(
		args,
		args.data
			? {
					title: `Report a problem with order ${args.data.orderId}`,
					description: 'Tell us about damage, a fault or something missing.',
				}
			: null,
	)

const PRIVATE = PRIVATE_ORDER_HEADERS
export const headers: Route.HeadersFunction = () => PRIVATE

export async function loader({ params, request, context }: Route.LoaderArgs) {
	const access = await orderAccessFor(request, context, params.orderId)
	if (!access) throw data(ORDER_NOT_FOUND, { status: 404, headers: PRIVATE })
	const { order } = access
	return data(
		{
			orderId: order.id,
			key: access.key,
			open: isDispatched(order.status),
		},
		{ headers: PRIVATE },
	)
}

type ActionData = { message: string; fieldErrors?: FieldErrors }

export async function action({ params, request, context }: Route.ActionArgs) {
	const access = await orderAccessFor(request, context, params.orderId)
	if (!access) throw data(ORDER_NOT_FOUND, { status: 404, headers: PRIVATE })
	const { order } = access
	// Nothing of the body is read until the order can take a report and the sender is within
	// their quotas (issue 57 item 5); then it goes to disk, in turn with admins' uploads.
	const refused = await reportGate(context.db, order)
	if (refused) return data<ActionData>({ message: refused }, { status: 409, headers: PRIVATE })
	if (!(await takeReportQuota(context.db, order, context.clientIp)))
		return data<ActionData>(
			{ message: TOO_MANY_REPORTS_MESSAGE },
			{ status: 429, headers: PRIVATE },
		)
	const form = await uploadSlots.run(() => receive(request, context, order.id))
	if (!form.ok) return data<ActionData>(form.answer, { status: form.status, headers: PRIVATE })
	context.logger.info({ orderId: order.id, requestId: form.requestId }, 'problem reported')
	throw redirect(`${orderPath(order.id, null, access.key)}#requests`, { headers: PRIVATE })
}

async function receive(request: Request, context: Route.ActionArgs['context'], orderId: string) {
	const posted = await readPhotoForm(request, {
		limit: PROBLEM_UPLOAD_LIMIT_BYTES,
		fileField: 'photos',
		maxFiles: MAX_PROBLEM_PHOTOS,
		spoolDir: uploadsDir(context.env),
	})
	try {
		const form = parseForm(ProblemReportSchema, posted.values)
		if (!form.ok) return refusal(400, { message: form.formError, fieldErrors: form.fieldErrors })
		const photos = await preparePhotos(posted.files)
		if (!photos.ok)
			return refusal(400, { message: photos.message, fieldErrors: { photos: photos.message } })
		const result = await reportProblem(orderDeps(context), orderId, form.data, photos.photos)
		if (!result.ok) return refusal(409, { message: result.message })
		return { ok: true as const, requestId: result.requestId }
	} finally {
		await removeUploadDir(posted.dir)
	}
}

const refusal = (status: number, answer: ActionData) => ({ ok: false as const, status, answer })

const ID: Record<string, string> = {
	problem: `problem-${PROBLEM_KINDS[0]}`,
	details: 'problem-details',
	photos: 'problem-photos',
}

export default function ReportProblem({ loaderData: page, actionData }: Route.ComponentProps) {
	const busy = useNavigation().state === 'submitting'
	const form = useFormErrors(
		(el: HTMLFormElement) => parseForm(ProblemReportSchema, formValues(el)),
		actionData?.fieldErrors,
	)
	const errors = {
		...form.errors,
		...(actionData && !actionData.fieldErrors ? { '': actionData.message } : {}),
	}
	return (
		<>
			<PageHeader title="Report a problem" intro={`Order ${page.orderId}`} />
			<div className="container-page max-w-3xl space-y-8 py-10">
				{page.open ? (
					<Form
						method="post"
						encType="multipart/form-data"
						noValidate
						onSubmit={form.onSubmit}
						className="space-y-6"
					>
						<ErrorSummary
							errors={errors}
							attempt={form.attempt + (actionData ? 1 : 0)}
							idFor={(field) => ID[field]}
						/>
						<fieldset {...errorProps('problem', form.errors.problem)}>
							<legend className="font-semibold text-slate-800">What went wrong?</legend>
							<div className="mt-2 grid gap-2 sm:grid-cols-2">
								{PROBLEM_KINDS.map((kind) => (
									<label
										key={kind}
										className="flex min-h-11 items-center gap-3 rounded-lg bg-slate-50 px-3"
									>
										<input
											id={`problem-${kind}`}
											type="radio"
											name="problem"
											value={kind}
											onChange={() => form.clear('problem')}
											className="size-5"
										/>
										{PROBLEM_LABELS[kind]}
									</label>
								))}
							</div>
							<FieldError id="problem" error={form.errors.problem} />
						</fieldset>
						<div>
							<label htmlFor="problem-details" className="block font-semibold text-slate-800">
								Tell us what happened
							</label>
							<textarea
								id="problem-details"
								name="details"
								rows={4}
								maxLength={2000}
								onChange={() => form.clear('details')}
								className={`${INPUT_CLASS} py-2`}
								{...errorProps('problem-details', form.errors.details)}
							/>
							<FieldError id="problem-details" error={form.errors.details} />
						</div>
						<div>
							<label htmlFor="problem-photos" className="block font-semibold text-slate-800">
								Photos (optional, up to {MAX_PROBLEM_PHOTOS})
							</label>
							<p id="problem-photos-hint" className="text-sm text-slate-600">
								JPEG, PNG or WebP, up to 10 MB each. We remove location and camera details before we
								keep them.
							</p>
							<input
								id="problem-photos"
								name="photos"
								type="file"
								multiple
								accept="image/jpeg,image/png,image/webp"
								className="mt-2 block w-full max-w-full text-base"
								aria-describedby={
									form.errors.photos ? 'problem-photos-error' : 'problem-photos-hint'
								}
								aria-invalid={form.errors.photos ? true : undefined}
							/>
							<FieldError id="problem-photos" error={form.errors.photos} />
						</div>
						<button type="submit" className="btn-primary" disabled={busy}>
							{busy ? 'Sending…' : 'Send report'}
						</button>
					</Form>
				) : (
					<p className="rounded-xl bg-amber-50 p-4 text-slate-900" role="status">
						Problems can be reported once the order has been dispatched. If something needs changing
						before then, please get in touch.
					</p>
				)}
				<Link to={orderPath(page.orderId, null, page.key)} className="btn-secondary">
					Back to your order
				</Link>
			</div>
		</>
	)
}
