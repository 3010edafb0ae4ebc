import { AlertTriangle } from 'lucide-react'
import { Form } from 'react-router'
import type { AdminOrderView } from './order-detail'
import { Hidden, usePending } from './order-forms'

/**
 * A card payment that could not be applied (a revoked link, a cancelled order, a second payment):
 * money was taken, so it stays in view until the admin refunds or settles it and says so.
 */
export function PaymentAlert({ order }: { order: AdminOrderView }) {
	const pending = usePending('resolve-payment-alert')
	return (
		<section
			aria-labelledby="payment-alert-title"
			className="rounded-xl border-2 border-amber-600 bg-amber-50 p-4 text-amber-950"
		>
			<h3
				id="payment-alert-title"
				className="flex items-center gap-2 font-display text-lg font-bold"
			>
				<AlertTriangle aria-hidden="true" className="size-5" /> Payment needs attention
			</h3>
			<p className="mt-1">{order.paymentAlert}</p>
			<p className="mt-1 text-sm">
				The timeline shows the amount and the provider's payment reference. Refund it in the Stripe
				dashboard (or keep it as payment, e.g. by marking the order paid), then record what you did.
			</p>
			<Form method="post" className="mt-3 flex flex-wrap items-end gap-3">
				<Hidden intent="resolve-payment-alert" order={order} />
				<label className="min-w-56 flex-1 text-sm font-semibold">
					What was done (optional)
					<input
						name="note"
						maxLength={300}
						className="mt-1 block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base"
					/>
				</label>
				<button type="submit" className="btn-secondary" disabled={pending}>
					{pending ? 'Saving…' : 'Mark as resolved'}
				</button>
			</Form>
		</section>
	)
}

/** Asks the provider about this order's open checkouts: a missed webhook still ends in paid. */
export function PaymentCheck({ order }: { order: AdminOrderView }) {
	const pending = usePending('check-payment')
	return (
		<Form method="post" className="rounded-xl bg-slate-50 p-4">
			<Hidden intent="check-payment" order={order} />
			<p className="mb-3 text-sm text-slate-700">
				Customer says they have paid? Ask the payment provider directly.
			</p>
			<button type="submit" className="btn-secondary" disabled={pending}>
				{pending ? 'Checking…' : 'Check payment status'}
			</button>
		</Form>
	)
}
