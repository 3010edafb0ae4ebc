import { TriangleAlert } from 'lucide-react'
import { useRouteLoaderData } from 'react-router'
import type { loader as rootLoader } from '~/root'

export const TEST_PAYMENTS_TEXT = 'Test payments: no money is taken'

/**
 * Said on /pay and every admin page while the built-in test provider takes 'payments' (issue 28:
 * a shop must never look as if it is trading when no card can be charged).
 */
export function TestPaymentsNotice() {
	return (
		<p
			role="note"
			className="mb-6 flex items-start gap-2 rounded-lg bg-amber-50 px-4 py-3 font-semibold text-amber-900 ring-1 ring-amber-200"
		>
			<TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
			{TEST_PAYMENTS_TEXT}
		</p>
	)
}

/** Whether this shop runs on the test provider (the root loader says, for every page). */
export function useTestPayments() {
	return useRouteLoaderData<typeof rootLoader>('root')?.testPayments ?? false
}

/** The notice when this shop runs on the test provider. */
export function TestPaymentsBanner() {
	return useTestPayments() ? <TestPaymentsNotice /> : null
}
