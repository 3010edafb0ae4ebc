import { Form, useNavigation } from 'react-router'

/**
 * 'Cancel this order', with one confirmation (a disclosure: works without JavaScript). Shown while
 * the order is not yet dispatched; the posted form carries the page's own address, key included.
 */
export function CancelOrderForm({ paid, totalText }: { paid: boolean; totalText: string }) {
	const busy = useNavigation().state !== 'idle'
	return (
		<details className="group rounded-xl bg-slate-50 p-4">
			<summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-pond-800 underline underline-offset-2">
				Cancel this order
			</summary>
			<div className="mt-3 space-y-3">
				<p className="text-slate-700">
					{paid
						? `We will cancel the order and refund ${totalText} to your card straight away.`
						: 'We will cancel the order and switch off its payment link. Nothing will be charged.'}{' '}
					This cannot be undone.
				</p>
				<Form method="post" preventScrollReset>
					<input type="hidden" name="intent" value="cancel" />
					<input type="hidden" name="confirmed" value="yes" />
					<button type="submit" className="btn-secondary" disabled={busy}>
						{busy ? 'Cancelling…' : 'Yes, cancel my order'}
					</button>
				</Form>
			</div>
		</details>
	)
}
