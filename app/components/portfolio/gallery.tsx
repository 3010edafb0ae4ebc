import { Expand } from 'lucide-react'
import { useEffect, useMemo, useRef, useState } from 'react'
import { cn } from '~/lib/cn'
import { type GalleryItem, wrapIndex } from '~/lib/gallery'
import type { GalleryPhotoData } from '~/lib/portfolio/project'
import { FullscreenViewer } from './fullscreen-viewer'
import { GalleryPhoto, preloadPhoto } from './gallery-photo'
import { PhotoArrows } from './photo-arrows'
import { portfolioItems } from './portfolio-items'

const MAIN_SIZES = '(min-width: 1024px) 896px, 100vw'

/** A portfolio project's gallery. */
export function Gallery({ name, photos }: { name: string; photos: GalleryPhotoData[] }) {
	const items = useMemo(() => portfolioItems(photos), [photos])
	return <PhotoGallery items={items} label={name} className="mx-auto max-w-4xl" />
}

/**
 * Photo, previous/next (wrapping), counter, thumbnail strip and a full-screen viewer, for any
 * list of photos (a portfolio project's, a product's). One photo shows without the controls.
 */
export function PhotoGallery({
	items,
	label,
	sizes = MAIN_SIZES,
	photoClassName = 'aspect-[4/3] h-auto w-full object-cover',
	frameClassName = 'relative overflow-hidden rounded-2xl bg-pond-900',
	className,
}: {
	items: GalleryItem[]
	/** What the photos are of: the carousel is named '<label> photos'. */
	label: string
	sizes?: string
	photoClassName?: string
	/** The box around the main photo (its background shows around a photo of another shape). */
	frameClassName?: string
	className?: string
}) {
	const [index, setIndex] = useState(0)
	const [fullscreen, setFullscreen] = useState(false)
	const stripRef = useRef<HTMLUListElement>(null)
	const firstRender = useRef(true)
	const count = items.length
	const move = (delta: number) => setIndex((i) => wrapIndex(i + delta, count))

	// Keep the current thumbnail in view, and fetch the next photo before it is asked for.
	useEffect(() => {
		if (count < 2) return
		const next = items[wrapIndex(index + 1, count)]
		if (firstRender.current) {
			// On arrival, wait until the page has loaded so the first photo gets the bandwidth.
			firstRender.current = false
			const preload = () => preloadPhoto(next, sizes)
			if (document.readyState === 'complete') preload()
			else window.addEventListener('load', preload, { once: true })
			return () => window.removeEventListener('load', preload)
		}
		const thumb = stripRef.current?.children[index] as HTMLElement | undefined
		thumb?.scrollIntoView({ block: 'nearest', inline: 'center', behavior: 'smooth' })
		preloadPhoto(next, sizes)
	}, [index, count, items, sizes])

	const photo = index + 1
	const item = items[index]
	if (!item) return null
	return (
		<section
			aria-roledescription="carousel"
			aria-label={`${label} photos`}
			onKeyDown={(event) => {
				if (fullscreen) return
				if (event.key === 'ArrowRight') move(1)
				if (event.key === 'ArrowLeft') move(-1)
			}}
			className={className}
		>
			<div className={frameClassName}>
				<button
					type="button"
					onClick={() => setFullscreen(true)}
					className="group block w-full focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-koi-500"
				>
					<GalleryPhoto
						key={photo}
						item={item}
						sizes={sizes}
						priority={photo === 1}
						className={photoClassName}
					/>
					<span className="absolute right-3 top-3 flex items-center gap-1 rounded-full bg-black/60 px-3 py-1.5 text-sm font-medium text-white">
						<Expand aria-hidden="true" className="size-4" /> Full screen
					</span>
				</button>
				{count > 1 ? <PhotoArrows onMove={move} /> : null}
			</div>
			{count > 1 ? (
				<>
					<p
						className="mt-3 text-center text-sm font-medium text-slate-700"
						aria-live="polite"
						data-testid="gallery-counter"
					>
						{`Image ${photo} of ${count}`}
					</p>
					<ul
						ref={stripRef}
						className="mt-3 flex gap-2 overflow-x-auto pb-2"
						aria-label="Choose a photo"
					>
						{items.map((thumb, i) => (
							<li key={i} className="shrink-0">
								<button
									type="button"
									onClick={() => setIndex(i)}
									aria-current={i === index ? 'true' : undefined}
									className={cn(
										'block overflow-hidden rounded-lg ring-2 ring-offset-2 transition',
										i === index ? 'ring-koi-600' : 'ring-transparent opacity-80 hover:opacity-100',
									)}
								>
									<img
										src={thumb.thumbSrc}
										srcSet={thumb.thumbSrcSet}
										sizes={thumb.thumbSrcSet ? '80px' : undefined}
										alt={`Show view ${i + 1}`}
										width={80}
										height={60}
										loading="lazy"
										decoding="async"
										className="h-15 w-20 object-cover"
										style={{ backgroundColor: thumb.colour ?? '#dbe7ee' }}
									/>
								</button>
							</li>
						))}
					</ul>
				</>
			) : null}
			{fullscreen ? (
				<FullscreenViewer
					items={items}
					label={label}
					index={index}
					onMove={move}
					onClose={() => setFullscreen(false)}
				/>
			) : null}
		</section>
	)
}
