import { X } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { Link } from 'react-router'

/**
 * The modal: a native <dialog> shown with showModal() once hydrated (the browser traps focus and
 * makes the list inert; Escape closes it); rendered open on the server so it works without JS.
 */
export function RouteModal({
	title,
	orderId,
	onClose,
	closeHref,
	footer,
	feedback,
	children,
}: {
	title: string
	/** Focus returns to this order's row in the list when the modal was opened by a direct link. */
	orderId: string
	onClose: () => void
	closeHref: string
	footer?: React.ReactNode
	/** Messages stay in the sticky header, in view wherever the modal is scrolled. */
	feedback?: React.ReactNode
	children: React.ReactNode
}) {
	const ref = useRef<HTMLDialogElement>(null)
	useEffect(() => {
		const dialog = ref.current
		const opener = document.activeElement as HTMLElement | null
		const { overflow } = document.body.style
		document.body.style.overflow = 'hidden'
		if (dialog?.open) dialog.close()
		dialog?.showModal()
		return () => {
			document.body.style.overflow = overflow
			if (dialog?.open) dialog.close()
			// Back to the row that opened it (or its button when the modal was a direct link).
			const target =
				opener && opener !== document.body && opener.isConnected
					? opener
					: // The table row or the phone's card, whichever is shown.
						[...document.querySelectorAll<HTMLElement>(`[data-order-id="${orderId}"] a`)].find(
							(link) => link.getClientRects().length > 0,
						)
			target?.focus()
		}
	}, [orderId])
	return (
		<dialog
			ref={ref}
			open
			aria-labelledby="order-modal-title"
			onCancel={(event) => {
				event.preventDefault()
				onClose()
			}}
			className="fixed inset-0 z-50 m-auto h-fit max-h-[calc(100dvh-1rem)] w-[calc(100%-1rem)] max-w-5xl overflow-y-auto rounded-2xl bg-white p-0 shadow-2xl backdrop:bg-slate-900/60"
		>
			<div className="sticky top-0 z-10 border-b border-slate-200 bg-white px-4 py-3 sm:px-6">
				<div className="flex items-center justify-between gap-3">
					<h2
						id="order-modal-title"
						className="font-display text-xl font-bold text-pond-900 sm:text-2xl"
					>
						{title}
					</h2>
					<CloseLink
						href={closeHref}
						onClose={onClose}
						className="rounded-full p-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-pond-600"
					>
						<X aria-hidden="true" className="size-6" />
						<span className="sr-only">Close</span>
					</CloseLink>
				</div>
				{feedback ? <div className="mt-2">{feedback}</div> : null}
			</div>
			<div className="space-y-8 px-4 py-6 sm:px-6">{children}</div>
			<div className="flex flex-wrap justify-end gap-3 border-t border-slate-200 px-4 py-4 sm:px-6">
				{footer}
				<CloseLink href={closeHref} onClose={onClose} className="btn-secondary">
					Close
				</CloseLink>
			</div>
		</dialog>
	)
}

/** Back to the list with its filters: a real link without JavaScript, onClose with it. */
function CloseLink({
	href,
	onClose,
	className,
	children,
}: {
	href: string
	onClose: () => void
	className: string
	children: React.ReactNode
}) {
	return (
		<Link
			to={href}
			preventScrollReset
			onClick={(event) => {
				event.preventDefault()
				onClose()
			}}
			className={className}
		>
			{children}
		</Link>
	)
}
