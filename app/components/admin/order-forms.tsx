import { useRef } from 'react'
import { Form, useNavigation } from 'react-router'
import { ErrorSummary } from '~/components/forms/error-summary'
import { errorProps, FieldError } from '~/components/forms/field-error'
import { INPUT_CLASS } from '~/components/forms/input-class'
import { useFormErrors } from '~/components/forms/use-form-errors'
import { DeliveryCostSchema, type OrderIntent } from '~/lib/admin-order-schemas'
import type { Suggestion } from '~/lib/delivery/suggest'
import type { FieldErrors } from '~/lib/forms'
import { formatPence, penceToInput } from '~/lib/money'
import { canMarkPaid } from '~/lib/order-status'
import type { AdminOrderView } from './order-detail'

/** True while this modal is posting `intent` (buttons say so and cannot be pressed twice). */
export function usePending(intent: OrderIntent) {
	const navigation = useNavigation()
	return navigation.state === 'submitting' && navigation.formData?.get('intent') === intent
}

export function Hidden({ intent, order }: { intent: OrderIntent; order: AdminOrderView }) {
	return (
		<>
			<input type="hidden" name="intent" value={intent} />
			<input type="hidden" name="version" value={order.version} />
		</>
	)
}

const deliveryCostFieldId = (name: string) =>
	name === 'deliveryCost' ? 'delivery-cost' : 'admin-notes'

/** Spec: set or update the delivery cost with admin notes; hidden once the order is cancelled. */
export function DeliveryCostForm({
	order,
	suggestion,
	fieldErrors,
}: {
	order: AdminOrderView
	suggestion: Suggestion | null
	fieldErrors: FieldErrors | undefined
}) {
	const form = useFormErrors(DeliveryCostSchema, fieldErrors)
	const costInput = useRef<HTMLInputElement>(null)
	const pending = usePending('set-delivery-cost')
	const hasCost = order.deliveryCostPence !== null
	const needsLink = order.status === 'delivery_confirmed' && !order.paymentLinkActive
	return (
		<Form method="post" noValidate onSubmit={form.onSubmit} className="space-y-3">
			<Hidden intent="set-delivery-cost" order={order} />
			<h3 className="font-display text-lg font-bold text-pond-900">Delivery cost</h3>
			<ErrorSummary errors={form.errors} idFor={deliveryCostFieldId} attempt={form.attempt} />
			{order.quoteExpired ? (
				<p className="rounded-lg bg-red-50 p-3 text-sm text-red-900">
					This quote has expired: the customer can no longer pay it. Re-quote to send a new link
					with a new held-until date.
				</p>
			) : null}
			{suggestion ? (
				<div className="rounded-lg bg-pond-50 p-3 text-sm" data-testid="suggestion">
					{suggestion.ok ? (
						<>
							<p className="font-semibold text-pond-900">
								Suggested: {formatPence(suggestion.pence)}
							</p>
							<p className="text-slate-700">{suggestion.working}</p>
							<input type="hidden" name="suggestion" value={suggestion.working} />
							<button
								type="button"
								className="btn-secondary mt-2 min-h-9 px-3 py-1 text-sm"
								onClick={() => {
									if (!costInput.current) return
									costInput.current.value = penceToInput(suggestion.pence)
									form.clear('deliveryCost')
									costInput.current.focus()
								}}
							>
								Use {formatPence(suggestion.pence)}
							</button>
						</>
					) : (
						<p className="text-slate-800">
							<span className="font-semibold">No suggested price.</span> {suggestion.reason}
						</p>
					)}
				</div>
			) : null}
			<label htmlFor="delivery-cost" className="block text-sm font-semibold text-slate-800">
				Delivery cost (£)
			</label>
			<input
				ref={costInput}
				id="delivery-cost"
				name="deliveryCost"
				type="number"
				min={0}
				step={0.01}
				inputMode="decimal"
				defaultValue={penceToInput(order.deliveryCostPence)}
				onChange={() => form.clear('deliveryCost')}
				className={INPUT_CLASS}
				{...errorProps('delivery-cost', form.errors.deliveryCost)}
			/>
			<FieldError id="delivery-cost" error={form.errors.deliveryCost} />
			<label htmlFor="admin-notes" className="block text-sm font-semibold text-slate-800">
				Admin notes
			</label>
			<textarea
				id="admin-notes"
				name="adminNotes"
				rows={3}
				maxLength={2000}
				defaultValue={order.adminNotes}
				onChange={() => form.clear('adminNotes')}
				className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-base"
				{...errorProps('admin-notes', form.errors.adminNotes)}
			/>
			<FieldError id="admin-notes" error={form.errors.adminNotes} />
			<div className="flex flex-wrap gap-3">
				<button type="submit" className="btn-primary" disabled={pending}>
					{pending
						? 'Saving…'
						: needsLink
							? 'Create payment link'
							: hasCost
								? 'Update Delivery Cost'
								: 'Set Delivery Cost'}
				</button>
				{order.quoteExpired ? (
					<button
						type="submit"
						name="confirmReplace"
						value="yes"
						className="btn-secondary"
						disabled={pending}
					>
						Re-quote at this price
					</button>
				) : null}
			</div>
		</Form>
	)
}

/** DESIGN decision 5: offline payment, dispatch and delivery, each one lifecycle step. */
export function FulfilmentForms({ order }: { order: AdminOrderView }) {
	const paying = usePending('mark-paid')
	const shipping = usePending('mark-shipped')
	const delivering = usePending('mark-delivered')
	if (canMarkPaid(order.status)) {
		return (
			<Form method="post" className="space-y-3 rounded-xl bg-slate-50 p-4">
				<Hidden intent="mark-paid" order={order} />
				<h3 className="font-display text-lg font-bold text-pond-900">Paid another way?</h3>
				<label htmlFor="paid-note" className="block text-sm font-semibold text-slate-800">
					How it was paid (optional, e.g. bank transfer)
				</label>
				<input id="paid-note" name="note" maxLength={300} className={INPUT_CLASS} />
				<button type="submit" className="btn-secondary" disabled={paying}>
					{paying ? 'Saving…' : 'Mark as paid'}
				</button>
			</Form>
		)
	}
	if (order.status === 'paid') {
		return (
			<Form method="post" className="grid gap-3 rounded-xl bg-slate-50 p-4 sm:grid-cols-2">
				<Hidden intent="mark-shipped" order={order} />
				<h3 className="font-display text-lg font-bold text-pond-900 sm:col-span-2">Dispatch</h3>
				<label className="text-sm font-semibold text-slate-800">
					Carrier (optional)
					<input name="carrier" maxLength={60} className={INPUT_CLASS} />
				</label>
				<label className="text-sm font-semibold text-slate-800">
					Tracking reference (optional)
					<input name="trackingReference" maxLength={60} className={INPUT_CLASS} />
				</label>
				<div className="sm:col-span-2">
					<button type="submit" className="btn-primary" disabled={shipping}>
						{shipping ? 'Saving…' : 'Mark as shipped'}
					</button>
				</div>
			</Form>
		)
	}
	if (order.status === 'shipped') {
		return (
			<Form method="post" className="rounded-xl bg-slate-50 p-4">
				<Hidden intent="mark-delivered" order={order} />
				<button type="submit" className="btn-primary" disabled={delivering}>
					{delivering ? 'Saving…' : 'Mark as delivered'}
				</button>
			</Form>
		)
	}
	return null
}
