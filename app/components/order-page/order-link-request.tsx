import { Form, useNavigation } from 'react-router'
import { ErrorSummary } from '~/components/forms/error-summary'
import { errorProps, FieldError } from '~/components/forms/field-error'
import { INPUT_CLASS } from '~/components/forms/input-class'
import { useFormErrors } from '~/components/forms/use-form-errors'
import type { FieldErrors } from '~/lib/forms'
import { OrderLinkRequestSchema } from '~/lib/order-link-schema'

export type OrderLinkAnswer = { fieldErrors?: FieldErrors; message?: string; error?: string }

/**
 * 'Email me a fresh link' (issue 30 item 1): on the order page's 404 and its own page. The answer
 * is the same whether or not the order and address match; the link goes only to the order's
 * stored address. It posts to its own page, which shows the answer (with or without JavaScript).
 */
export function OrderLinkRequest({
	answer,
	orderId,
}: {
	answer?: OrderLinkAnswer
	/** Filled in from the lost link's address, when it had one. */
	orderId?: string | null
}) {
	// Its own page's form (a lost link's 404 links here), answered on the same page.
	const navigation = useNavigation()
	const result = answer
	const form = useFormErrors(OrderLinkRequestSchema, result?.fieldErrors)
	const sending = navigation.state !== 'idle'
	return (
		<section
			aria-labelledby="order-link-heading"
			className="mx-auto mt-12 max-w-xl rounded-2xl bg-pond-50 p-6 text-left"
		>
			<h2 id="order-link-heading" className="font-display text-xl font-bold text-pond-900">
				Looking for your order?
			</h2>
			<p className="mt-2 text-slate-700">
				Links to an order work for 90 days. Enter your order number and the email address you gave
				with the order, and we will email a fresh link to that address.
			</p>
			<ErrorSummary
				errors={form.errors}
				idFor={(field) => `order-link-${field}`}
				attempt={form.attempt}
				className="mt-4"
			/>
			<Form method="post" noValidate onSubmit={form.onSubmit} className="mt-4 space-y-4">
				<div>
					<label htmlFor="order-link-orderId" className="block font-semibold text-slate-800">
						Order number
					</label>
					<input
						id="order-link-orderId"
						name="orderId"
						autoComplete="off"
						placeholder="KP-7F3K9Q"
						defaultValue={orderId ?? undefined}
						maxLength={20}
						onChange={() => form.clear('orderId')}
						className={INPUT_CLASS}
						{...errorProps('order-link-orderId', form.errors.orderId)}
					/>
					<FieldError id="order-link-orderId" error={form.errors.orderId} />
				</div>
				<div>
					<label htmlFor="order-link-email" className="block font-semibold text-slate-800">
						Email address
					</label>
					<input
						id="order-link-email"
						name="email"
						type="email"
						autoComplete="email"
						maxLength={254}
						onChange={() => form.clear('email')}
						className={INPUT_CLASS}
						{...errorProps('order-link-email', form.errors.email)}
					/>
					<FieldError id="order-link-email" error={form.errors.email} />
				</div>
				<button type="submit" className="btn-primary" disabled={sending}>
					{sending ? 'Sending…' : 'Email me a link'}
				</button>
			</Form>
			<div aria-live="polite">
				{result?.message ? (
					<p
						className="mt-4 rounded-lg bg-green-50 p-3 text-green-900"
						data-testid="order-link-sent"
					>
						{result.message}
					</p>
				) : null}
				{result?.error ? (
					<p role="alert" className="mt-4 rounded-lg bg-red-50 p-3 text-red-800">
						{result.error}
					</p>
				) : null}
			</div>
		</section>
	)
}
