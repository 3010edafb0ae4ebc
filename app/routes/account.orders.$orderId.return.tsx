import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { readForm } from '~/.server/http/read-body'
import { loadReturnPage, requestReturn } from '~/.server/orders/after-sale/customer-requests'
import { orderDeps } from '~/.server/orders/lifecycle/deps'
import { orderAccessFor } from '~/.server/orders/pages/order-access'
import { PageHeader } from '~/components/content/page-header'
import { ErrorSummary } from '~/components/forms/error-summary'
import { errorProps, FieldError } from '~/components/forms/field-error'
import { INPUT_CLASS } from '~/components/forms/input-class'
import { useFormErrors } from '~/components/forms/use-form-errors'
import type { BreadcrumbHandle } from '~/components/layout/breadcrumbs'
import { type FieldErrors, formValues, parseForm } from '~/lib/forms'
import { formatPence } from '~/lib/money'
import { ORDER_NOT_FOUND, orderPath } from '~/lib/order-link-paths'
import { ReturnRequestSchema, returnFormValues } from '~/lib/request-schemas'
import { PRIVATE_ORDER_HEADERS, privateOrderMeta } from '~/lib/seo'
import type { Route } from './+types/account.orders.$orderId.return'

/**
 * 'Return items' (issue 30 item 6): within 14 days of delivery the customer picks lines and
 * quantities; the page also gives the model cancellation form's wording. Same access and 404 as
 * the order page.
 */
export const handle: BreadcrumbHandle = {
	breadcrumb: (match) => [
		{ label: 'Account', to: '/auth' },
		{ label: 'Return items', to: match.pathname },
	],
}

export const meta: Route.MetaFunction = (args) =>
	privateOrderMeta(
		args,
		args.data
			? {
					title: `Return items from order ${args.data.orderId}`,
					description: 'Return items within 14 days of delivery.',
				}
			: null,
	)

const PRIVATE = PRIVATE_ORDER_HEADERS
export const headers: Route.HeadersFunction = () => PRIVATE

export async function loader({ params, request, context }: Route.LoaderArgs) {
	const access = await orderAccessFor(request, context, params.orderId)
	if (!access) throw data(ORDER_NOT_FOUND, { status: 404, headers: PRIVATE })
	return data(
		{ ...(await loadReturnPage(context.db, access.order)), key: access.key },
		{ headers: PRIVATE },
	)
}

type ActionData = { message: string; fieldErrors?: FieldErrors }

export async function action({ params, request, context }: Route.ActionArgs) {
	const access = await orderAccessFor(request, context, params.orderId)
	if (!access) throw data(ORDER_NOT_FOUND, { status: 404, headers: PRIVATE })
	const form = parseForm(ReturnRequestSchema, returnFormValues(formValues(await readForm(request))))
	if (!form.ok)
		return data<ActionData>(
			{ message: form.formError, fieldErrors: form.fieldErrors },
			{ status: 400, headers: PRIVATE },
		)
	const result = await requestReturn(orderDeps(context), access.order.id, {
		lines: form.data.quantities.map((quantity, line) => ({ line, quantity })),
		details: form.data.details,
	})
	// A form asking for what cannot come back is the customer's to correct (400); an order that
	// does not take returns now is a conflict with its state (409).
	if (!result.ok)
		return data<ActionData>(
			{ message: result.message },
			{ status: result.status === 'INVALID_ARGUMENT' ? 400 : 409, headers: PRIVATE },
		)
	context.logger.info({ orderId: access.order.id, requestId: result.requestId }, 'return requested')
	throw redirect(`${orderPath(access.order.id, null, access.key)}#requests`, { headers: PRIVATE })
}

const checkForm = (form: HTMLFormElement) =>
	parseForm(ReturnRequestSchema, returnFormValues(formValues(form)))

export default function ReturnItems({ loaderData: page, actionData }: Route.ComponentProps) {
	const busy = useNavigation().state === 'submitting'
	const form = useFormErrors(checkForm, actionData?.fieldErrors)
	const errors = {
		...form.errors,
		...(actionData && !actionData.fieldErrors ? { '': actionData.message } : {}),
	}
	const back = orderPath(page.orderId, null, page.key)
	return (
		<>
			<PageHeader
				title="Return items"
				intro={`Order ${page.orderId}${page.lastDay ? ` · you can return items until ${page.lastDay}` : ''}`}
			/>
			<div className="container-page max-w-3xl space-y-8 py-10">
				{page.open ? (
					<Form method="post" noValidate onSubmit={form.onSubmit} className="space-y-6">
						<ErrorSummary
							errors={errors}
							attempt={form.attempt + (actionData ? 1 : 0)}
							idFor={(field) =>
								field === 'details' ? 'return-details' : field ? 'qty-0' : undefined
							}
						/>
						<fieldset className="space-y-3">
							<legend className="text-lg font-semibold text-pond-900">
								Which items are coming back?
							</legend>
							{page.lines.map((line) => (
								<div
									key={line.line}
									className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-slate-50 p-4"
								>
									<label htmlFor={`qty-${line.line}`} className="min-w-0 flex-1">
										<span className="block font-semibold text-slate-900">{line.name}</span>
										<span className="block text-sm text-slate-700">
											{line.option ? `${line.option} · ` : ''}
											{formatPence(line.unitPricePence)} each ·{' '}
											{line.left > 0 ? `up to ${line.left}` : 'already being returned'}
										</span>
									</label>
									<input
										id={`qty-${line.line}`}
										name={`qty-${line.line}`}
										type="number"
										inputMode="numeric"
										min={0}
										max={Math.max(0, line.left)}
										defaultValue={0}
										disabled={line.left <= 0}
										className={`${INPUT_CLASS} mt-0 w-24`}
									/>
								</div>
							))}
						</fieldset>
						<div>
							<label htmlFor="return-details" className="block font-semibold text-slate-800">
								Reason (optional)
							</label>
							<p className="text-sm text-slate-600">
								You do not have to give one, but it helps us. Faulty or not what you ordered? Say so
								and we pay the return postage.
							</p>
							<textarea
								id="return-details"
								name="details"
								rows={3}
								maxLength={1000}
								onChange={() => form.clear('details')}
								className={`${INPUT_CLASS} py-2`}
								{...errorProps('return-details', form.errors.details)}
							/>
							<FieldError id="return-details" error={form.errors.details} />
						</div>
						<button type="submit" className="btn-primary" disabled={busy}>
							{busy ? 'Sending…' : 'Send return request'}
						</button>
					</Form>
				) : (
					<p className="rounded-xl bg-amber-50 p-4 text-slate-900" role="status">
						{page.allReturning
							? 'Every item is already being returned.'
							: page.lastDay
								? `The 14 days to return items from this order ended on ${page.lastDay}. If something is faulty or damaged, please report a problem: your statutory rights are not affected.`
								: 'Items can be returned once the order has been delivered.'}
					</p>
				)}
				<section
					aria-labelledby="model-form-heading"
					className="rounded-2xl p-6 ring-1 ring-slate-200"
				>
					<h2 id="model-form-heading" className="text-lg font-semibold text-pond-900">
						Model cancellation form
					</h2>
					<p className="mt-2 text-sm text-slate-700">
						The form above is all you need. If you prefer, you can cancel by sending us these words
						instead (by email or post):
					</p>
					<blockquote className="mt-3 space-y-2 border-l-4 border-pond-200 pl-4 text-slate-800">
						{page.modelForm.map((text) => (
							<p key={text}>{text}</p>
						))}
						<p>Signature (if sent on paper) and date.</p>
					</blockquote>
				</section>
				<Link to={back} className="btn-secondary">
					Back to your order
				</Link>
			</div>
		</>
	)
}
