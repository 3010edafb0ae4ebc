import { useEffect, useState } from 'react'
import type { LineCheck } from '~/components/cart/cart-line'
import { useCart } from '~/components/cart/cart-provider'
import type { CartItem } from '~/lib/cart/cart'

/** Asks the server which lines vanished or changed price since they were added (display only). */
function useLineChecks(items: CartItem[], hydrated: boolean) {
	const [checks, setChecks] = useState<Record<string, LineCheck>>({})
	const signature = items.map((l) => `${lineKey(l)}|${l.price}`).join(',')
	// biome-ignore lint/correctness/useExhaustiveDependencies: the signature stands for the lines that matter
	useEffect(() => {
		if (!hydrated || items.length === 0) return
		const controller = new AbortController()
		fetch('/cart/check', {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify(
				items.map(({ id, code, price, selectedSize, selectedOption }) => ({
					id,
					code,
					price,
					selectedSize,
					selectedOption,
				})),
			),
			signal: controller.signal,
		})
			.then((res) => (res.ok ? (res.json() as Promise<{ results: LineCheck[] }>) : null))
			.then((body) => {
				if (body)
					setChecks(
						Object.fromEntries(
							items.map((l, i) => [lineKey(l), body.results[i] ?? { status: 'ok' }]),
						),
					)
			})
			.catch(() => {
				// Offline or navigating away: the server re-prices at checkout anyway.
			})
		return () => controller.abort()
	}, [signature, hydrated])
	return checks
}

export const lineKey = (l: Pick<CartItem, 'id' | 'selectedSize' | 'selectedOption'>) =>
	`${l.id}|${l.selectedSize}|${l.selectedOption}`

/**
 * The lines at the checked price (issue 34 item 6): once the server says a price changed, the
 * unit price, the line total and the subtotal all use it, as the order will.
 */
function atCheckedPrices(items: CartItem[], checks: Record<string, LineCheck>) {
	return items.map((line) => {
		const check = checks[lineKey(line)]
		return check?.status === 'changed' ? { ...line, price: check.price } : line
	})
}

/**
 * The stored cart at the prices the server last confirmed, with each line's check: the cart page
 * and the checkout's summary show the same figures, the ones the order will use.
 */
export function useCheckedCart() {
	const { items: stored, hydrated } = useCart()
	const checks = useLineChecks(stored, hydrated)
	return { items: atCheckedPrices(stored, checks), checks, hydrated }
}
