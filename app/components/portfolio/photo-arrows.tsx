import { ChevronLeft, ChevronRight } from 'lucide-react'
import { cn } from '~/lib/cn'

/** Previous/next buttons over a photo (the gallery and the full-screen viewer share them). */
export function PhotoArrows({
	onMove,
	large = false,
}: {
	onMove: (delta: number) => void
	large?: boolean
}) {
	const button = cn(
		'absolute top-1/2 -translate-y-1/2 rounded-full bg-black/60 text-white hover:bg-black/80 focus-visible:outline-2 focus-visible:outline-white',
		large ? 'p-3' : 'p-2.5',
	)
	const icon = large ? 'size-7' : 'size-6'
	return (
		<>
			<button type="button" onClick={() => onMove(-1)} className={cn(button, 'left-2')}>
				<ChevronLeft aria-hidden="true" className={icon} />
				<span className="sr-only">Previous photo</span>
			</button>
			<button type="button" onClick={() => onMove(1)} className={cn(button, 'right-2')}>
				<ChevronRight aria-hidden="true" className={icon} />
				<span className="sr-only">Next photo</span>
			</button>
		</>
	)
}
