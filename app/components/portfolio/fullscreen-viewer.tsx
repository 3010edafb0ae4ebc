import { X } from 'lucide-react'
import { useEffect, useRef } from 'react'
import type { PortfolioProject } from '~/data/portfolio'
import { galleryAlt } from '~/data/portfolio'
import { swipeDirection } from '~/lib/gallery'
import { GalleryPhoto } from './gallery-photo'
import { PhotoArrows } from './photo-arrows'

type Props = {
	project: PortfolioProject
	index: number
	colours: string[]
	onMove: (delta: number) => void
	onClose: () => void
}

/**
 * The full-screen photo viewer: a modal <dialog> (the browser traps focus and closes it on
 * Escape), arrow keys and swipes move, and focus goes back to where it was on close.
 */
export function FullscreenViewer({ project, index, colours, onMove, onClose }: Props) {
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
	return (
		<dialog
			ref={dialogRef}
			aria-label={`${project.name}: photo ${photo} of ${project.imageCount}`}
			onCancel={(event) => {
				event.preventDefault()
				onClose()
			}}
			onKeyDown={(event) => {
				if (event.key === 'ArrowRight') onMove(1)
				if (event.key === 'ArrowLeft') onMove(-1)
			}}
			onPointerDown={(event) => {
				swipe.current = { x: event.clientX, y: event.clientY }
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
			className="m-0 h-dvh max-h-none w-screen max-w-none bg-black/95 p-0 text-white backdrop:bg-black/80"
		>
			<div className="flex h-full flex-col">
				<div className="flex items-center justify-between p-3">
					<p
						className="text-sm font-medium"
						aria-live="polite"
					>{`Image ${photo} of ${project.imageCount}`}</p>
					<button
						type="button"
						onClick={onClose}
						className="rounded-full p-2 hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-white"
					>
						<X aria-hidden="true" className="size-7" />
						<span className="sr-only">Close full screen</span>
					</button>
				</div>
				<div className="relative flex min-h-0 flex-1 items-center justify-center px-2 pb-4">
					<GalleryPhoto
						projectId={project.id}
						photo={photo}
						alt={galleryAlt(project, photo)}
						sizes="100vw"
						colour={colours[index]}
						priority
						className="max-h-full w-auto max-w-full object-contain"
					/>
					<PhotoArrows onMove={onMove} large />
				</div>
			</div>
		</dialog>
	)
}
