import { Truck } from 'lucide-react'
import { useEffect, useId, useState } from 'react'
import { INPUT_CLASS } from '~/components/forms/input-class'
import type { CartItem } from '~/lib/cart/cart'
import { type Estimate, estimateSentence } from '~/lib/delivery/estimate'
import { outwardOf } from '~/lib/delivery/postcode'
import { estimatePostcode, rememberEstimatePostcode } from './estimate-postcode'

/**
 * Issue 31 item 2a: what delivery to a postcode would probably cost, asked of the server (the
 * same rates staff quote with) before the customer orders. Only ever an estimate.
 */
type State =
	| { status: 'idle' | 'loading' }
	| { status: 'done'; text: string }
	| { status: 'error'; text: string }

async function fetchEstimate(postcode: string, items: CartItem[], signal?: AbortSignal) {
	const res = await fetch('/cart/estimate', {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({
			postcode,
			lines: items.map((line) => ({ id: line.id, quantity: line.quantity })),
		}),
		signal,
	})
	// An answer that is not JSON (a proxy's error page) is a failure to say in words, never
	// `Unexpected token …` (issue 57 item 11).
	const body = (await res.json().catch(() => ({}))) as Estimate | { error?: { message?: string } }
	if (!res.ok || !('kind' in body))
		throw new Error(
			('error' in body && body.error?.message) || 'We could not estimate delivery just now.',
		)
	return estimateSentence(body)
}

function EstimateText({ state }: { state: State }) {
	return (
		<p
			aria-live="polite"
			data-testid="delivery-estimate"
			className={state.status === 'error' ? 'text-sm text-red-800' : 'text-sm text-slate-700'}
		>
			{state.status === 'loading' ? 'Working out an estimate…' : 'text' in state ? state.text : ''}
		</p>
	)
}

/** The cart's 'Estimate delivery' box: a postcode and a button. */
export function CartDeliveryEstimate({ items }: { items: CartItem[] }) {
	const id = useId()
	const [postcode, setPostcode] = useState('')
	const [state, setState] = useState<State>({ status: 'idle' })
	// Back in the cart in the same visit: the postcode asked about before.
	useEffect(() => setPostcode((typed) => typed || estimatePostcode()), [])
	const estimate = async (event: React.FormEvent) => {
		event.preventDefault()
		if (!outwardOf(postcode)) {
			setState({ status: 'error', text: 'Enter a full UK postcode, such as IV2 3XY.' })
			return
		}
		setState({ status: 'loading' })
		rememberEstimatePostcode(postcode)
		try {
			setState({ status: 'done', text: await fetchEstimate(postcode, items) })
		} catch (error) {
			setState({ status: 'error', text: (error as Error).message })
		}
	}
	return (
		<form onSubmit={estimate} className="mt-4 border-t border-pond-200 pt-4" noValidate>
			<label htmlFor={id} className="flex items-center gap-2 text-sm font-semibold text-slate-800">
				<Truck aria-hidden="true" className="size-4" />
				Estimate delivery to your postcode
			</label>
			<div className="mt-1 flex gap-2">
				<input
					id={id}
					name="postcode"
					autoComplete="postal-code"
					value={postcode}
					onChange={(e) => setPostcode(e.target.value)}
					className={`${INPUT_CLASS} mt-0 min-w-0 flex-1 uppercase`}
					aria-describedby={`${id}-result`}
				/>
				<button type="submit" className="btn-secondary min-h-11 shrink-0 px-4">
					Estimate
				</button>
			</div>
			<div id={`${id}-result`} className="mt-2">
				<EstimateText state={state} />
			</div>
		</form>
	)
}

/** The checkout's estimate: follows the postcode field as the customer types it. */
export function CheckoutDeliveryEstimate({
	items,
	postcode,
}: {
	items: CartItem[]
	postcode: string
}) {
	const [state, setState] = useState<State>({ status: 'idle' })
	const key = items.map((line) => `${line.id}×${line.quantity}`).join(',')
	// biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the lines
	useEffect(() => {
		if (!outwardOf(postcode)) {
			setState({ status: 'idle' })
			return
		}
		const controller = new AbortController()
		const timer = setTimeout(() => {
			setState({ status: 'loading' })
			fetchEstimate(postcode, items, controller.signal)
				.then((text) => setState({ status: 'done', text }))
				.catch((error: Error) => {
					if (error.name !== 'AbortError') setState({ status: 'error', text: error.message })
				})
		}, 300)
		return () => {
			clearTimeout(timer)
			controller.abort()
		}
	}, [postcode, key])
	if (state.status === 'idle') return null
	return <EstimateText state={state} />
}
