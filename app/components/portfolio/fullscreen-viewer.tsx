import { X } from 'lucide-react'
import { type KeyboardEvent, useEffect, useRef } from 'react'
import { type GalleryItem, swipeDirection } from '~/lib/gallery'
import { GalleryPhoto } from './gallery-photo'
import { PhotoArrows } from './photo-arrows'

/** Tab past the last button goes to the first and back: a modal dialog alone lets focus leave for the browser's toolbar. */
function cycleFocus(event: KeyboardEvent<HTMLDialogElement>) {
	const buttons = [...event.currentTarget.querySelectorAll<HTMLElement>('button')]
	const edge = event.shiftKey ? buttons[0] : buttons.at(-1)
	if (document.activeElement !== edge && event.currentTarget.contains(document.activeElement))
		return
	event.preventDefault()
	;(event.shiftKey ? buttons.at(-1) : buttons[0])?.focus()
}

type Props = {
	items: GalleryItem[]
	/** What the photos are of (a project's or a product's name). */
	label: string
	index: number
	onMove: (delta: number) => void
	onClose: () => void
}

/**
 * The full-screen photo viewer: a modal <dialog> (the browser makes the page inert and closes it
 * on Escape), Tab cycles through its buttons, arrow keys and swipes move, and focus goes back to
 * where it was on close.
 */
export function FullscreenViewer({ items, label, index, onMove, onClose }: Props) {
	const dialogRef = useRef<HTMLDialogElement>(null)
	const swipe = useRef<{ x: number; y: number } | null>(null)

	useEffect(() => {
		const dialog = dialogRef.current
		const opener = document.activeElement as HTMLElement | null
		const { overflow } = document.body.style
		document.body.style.overflow = 'hidden'
		dialog?.showModal()
		return () => {
			document.body.style.overflow = overflow
			if (dialog?.open) dialog.close()
			opener?.focus()
		}
	}, [])

	const photo = index + 1
	const item = items[index]
	return (
		<dialog
			ref={dialogRef}
			aria-label={`${label}: photo ${photo} of ${items.length}`}
			onCancel={(event) => {
				event.preventDefault()
				onClose()
			}}
			onKeyDown={(event) => {
				if (event.key === 'ArrowRight') onMove(1)
				if (event.key === 'ArrowLeft') onMove(-1)
				if (event.key === 'Tab') cycleFocus(event)
			}}
			className="m-0 h-dvh max-h-none w-screen max-w-none bg-black/95 p-0 text-white backdrop:bg-black/80"
		>
			{/* The safe area keeps the controls clear of a phone's notch and rounded corners. */}
			<div className="flex h-full flex-col pt-[env(safe-area-inset-top)] pr-[env(safe-area-inset-right)] pb-[env(safe-area-inset-bottom)] pl-[env(safe-area-inset-left)]">
				<div className="flex shrink-0 items-center justify-between px-3 py-1">
					<p
						className="text-sm font-medium"
						aria-live="polite"
					>{`Image ${photo} of ${items.length}`}</p>
					<button
						type="button"
						onClick={onClose}
						className="rounded-full p-2 hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-white"
					>
						<X aria-hidden="true" className="size-7" />
						<span className="sr-only">Close full screen</span>
					</button>
				</div>
				{/* touch-none: a horizontal drag is a swipe here, not a pan the browser would cancel. */}
				<div
					className="relative min-h-0 flex-1 touch-none"
					onPointerDown={(event) => {
						swipe.current = { x: event.clientX, y: event.clientY }
					}}
					onPointerCancel={() => {
						swipe.current = null
					}}
					onPointerUp={(event) => {
						if (!swipe.current) return
						const direction = swipeDirection(
							event.clientX - swipe.current.x,
							event.clientY - swipe.current.y,
						)
						swipe.current = null
						if (direction) onMove(direction)
					}}
				>
					{/* The image box is this whole area and contain fits the photo inside it at any aspect ratio. */}
					{item ? (
						<GalleryPhoto
							item={item}
							sizes="100vw"
							colour="transparent"
							priority
							className="absolute inset-0 size-full object-contain"
						/>
					) : null}
					{items.length > 1 ? <PhotoArrows onMove={onMove} large /> : null}
				</div>
			</div>
		</dialog>
	)
}
