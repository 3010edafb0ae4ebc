import { useEffect, useRef, useState } from 'react'
import { Form } from 'react-router'
import type { AdminOrderView } from '~/components/admin/order-detail'
import { Hidden, usePending } from '~/components/admin/order-forms'
import type { OrderIntent } from '~/lib/admin-order-schemas'
import { cn } from '~/lib/cn'
import type { FieldErrors } from '~/lib/forms'
import { formatPence, penceToInput } from '~/lib/money'
import { canCancel } from '~/lib/order-status'

/** What the order modal's action answers: a message, field errors, or a question to confirm. */
export type OrderActionData = {
	ok: boolean
	message?: string
	tone?: 'success' | 'warning' | 'error'
	fieldErrors?: FieldErrors
	/** A change that needs a second, explicit yes (spec: 'Confirm Price Update', cancel). */
	confirm?: 'price-update' | 'cancel'
	/** The price update awaiting confirmation, already parsed ('£35' and '1,250' included). */
	values?: { deliveryCostPence: number; adminNotes: string; suggestion: string }
}

/** The action's answer, in the modal's sticky header. */
export function Feedback({ data }: { data: OrderActionData | undefined }) {
	if (!data?.message) return null
	const tone = data.tone ?? (data.ok ? 'success' : 'error')
	return (
		<p
			role={tone === 'error' ? 'alert' : 'status'}
			className={cn(
				'rounded-lg px-4 py-3 font-medium',
				tone === 'success' && 'bg-green-50 text-green-900',
				tone === 'warning' && 'bg-amber-50 text-amber-900',
				tone === 'error' && 'bg-red-50 text-red-800',
			)}
		>
			{data.message}
		</p>
	)
}

/** The second step of a price update or a cancellation; it works without JavaScript too. */
export function Confirmation({ data, order }: { data: OrderActionData; order: AdminOrderView }) {
	const [dismissed, setDismissed] = useState(false)
	const ref = useRef<HTMLDivElement>(null)
	// biome-ignore lint/correctness/useExhaustiveDependencies: each new answer asks again
	useEffect(() => {
		setDismissed(false)
		ref.current?.focus()
	}, [data])
	if (dismissed) return null
	const price = data.confirm === 'price-update'
	const refund = !price && order.status === 'paid'
	return (
		<div
			ref={ref}
			role="alertdialog"
			aria-modal="false"
			aria-labelledby="confirm-title"
			aria-describedby="confirm-text"
			tabIndex={-1}
			className="rounded-xl border-2 border-koi-700 bg-koi-400/10 p-4"
		>
			<h3 id="confirm-title" className="font-display text-lg font-bold text-pond-900">
				{price
					? 'Confirm Price Update'
					: refund
						? 'Cancel and refund this order?'
						: 'Cancel this order?'}
			</h3>
			<p id="confirm-text" className="mt-1 text-slate-800">
				{price
					? `The current payment link will stop working and the customer will be emailed a new link for the new total (delivery ${formatPence(data.values?.deliveryCostPence ?? 0)}).`
					: refund
						? `${formatPence(order.totalCostPence ?? 0)} will be refunded in full to the customer's card, the order will be cancelled, and the customer will be emailed.`
						: 'The order will be cancelled, any payment link will stop working, and the customer will be emailed.'}
			</p>
			<Form method="post" className="mt-3 flex flex-wrap gap-3">
				{price ? (
					<>
						<Hidden intent="set-delivery-cost" order={order} />
						<input
							type="hidden"
							name="deliveryCost"
							value={penceToInput(data.values?.deliveryCostPence ?? null)}
						/>
						<input type="hidden" name="adminNotes" value={data.values?.adminNotes ?? ''} />
						<input type="hidden" name="suggestion" value={data.values?.suggestion ?? ''} />
						<input type="hidden" name="confirmReplace" value="yes" />
					</>
				) : (
					<>
						<Hidden intent="cancel" order={order} />
						<input type="hidden" name="confirmed" value="yes" />
					</>
				)}
				<ConfirmButton intent={price ? 'set-delivery-cost' : 'cancel'}>
					{price ? 'Confirm Price Update' : refund ? 'Yes, cancel and refund' : 'Yes, cancel order'}
				</ConfirmButton>
				<button type="button" className="btn-secondary" onClick={() => setDismissed(true)}>
					{price ? 'Keep current price' : 'Keep order'}
				</button>
			</Form>
		</div>
	)
}

function ConfirmButton({ intent, children }: { intent: OrderIntent; children: React.ReactNode }) {
	const pending = usePending(intent)
	return (
		<button type="submit" className="btn-primary" disabled={pending}>
			{pending ? 'Saving…' : children}
		</button>
	)
}

export function ModalFooter({ order }: { order: AdminOrderView }) {
	const cancelling = usePending('cancel')
	const uncancelling = usePending('uncancel')
	if (order.status === 'cancelled') {
		return (
			<Form method="post">
				<Hidden intent="uncancel" order={order} />
				<button type="submit" className="btn-primary" disabled={uncancelling}>
					{uncancelling ? 'Saving…' : 'Uncancel Order'}
				</button>
			</Form>
		)
	}
	if (!canCancel(order.status)) return null
	return (
		<Form method="post">
			<Hidden intent="cancel" order={order} />
			<button
				type="submit"
				className="btn border-2 border-red-700 bg-white text-red-800 hover:bg-red-50"
				disabled={cancelling}
			>
				{order.status === 'paid' ? 'Cancel and refund' : 'Cancel Order'}
			</button>
		</Form>
	)
}
