import { Copy } from 'lucide-react'
import { useRef, useState } from 'react'

/** Puts the text on the clipboard: the Clipboard API, or the older copy command without it. */
async function copyText(text: string, element: HTMLElement | null) {
	try {
		await navigator.clipboard.writeText(text)
		return true
	} catch {
		// No Clipboard API (plain http, old browser) or no permission: copy the selected text.
		if (!element) return false
		const range = document.createRange()
		range.selectNodeContents(element)
		const selection = window.getSelection()
		selection?.removeAllRanges()
		selection?.addRange(range)
		return document.execCommand('copy')
	}
}

/** The order's payment link in full (it wraps on a phone rather than showing 'htt'), with Copy. */
export function PaymentLink({ link }: { link: string }) {
	const text = useRef<HTMLElement>(null)
	const [message, setMessage] = useState('')
	return (
		<>
			<code
				ref={text}
				data-testid="payment-link"
				className="block rounded border border-slate-300 bg-slate-50 px-2 py-1 text-xs select-all [overflow-wrap:anywhere]"
			>
				{link}
			</code>
			<button
				type="button"
				onClick={async () =>
					setMessage(
						(await copyText(link, text.current))
							? 'Payment link copied to clipboard!'
							: 'Could not copy: the link is selected, press Ctrl+C (or long-press) to copy it.',
					)
				}
				className="btn-secondary mt-2 min-h-11 px-3 py-1 text-sm"
			>
				<Copy aria-hidden="true" className="size-4" /> Copy Link
			</button>
			<span role="status" className="mt-1 block text-sm font-medium text-green-800">
				{message}
			</span>
		</>
	)
}
