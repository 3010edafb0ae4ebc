import { CreditCard, Lock } from 'lucide-react'
import { Form } from 'react-router'
import { useTestPayments } from '~/components/test-payments-notice'

/**
 * The pay page's one button, for an order's link and a build stage's alike: the refusal if the
 * last press failed, 'Pay £X now' (only pressing it takes payment or opens the provider's page),
 * and who handles the card.
 */
export function PayForm({
	total,
	paying,
	error,
}: {
	total: string
	paying: boolean
	error?: string
}) {
	const testPayments = useTestPayments()
	return (
		<>
			{error ? (
				<p role="alert" className="mt-6 rounded-lg bg-red-50 px-4 py-3 font-medium text-red-800">
					{error}
				</p>
			) : null}
			<Form method="post" className="mt-6">
				<button type="submit" className="btn-primary w-full text-lg" disabled={paying}>
					<CreditCard aria-hidden="true" className="size-5" />
					{paying ? 'Opening secure payment…' : `Pay ${total} now`}
				</button>
			</Form>
			<p className="mt-4 flex items-start gap-2 text-sm text-slate-600">
				<Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
				{testPayments
					? 'This shop is running without a card provider, so no card is charged.'
					: 'Card payments are handled by our payment provider; we never see your card details.'}
			</p>
		</>
	)
}
