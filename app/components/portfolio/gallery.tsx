import { Expand } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { cn } from '~/lib/cn'
import { wrapIndex } from '~/lib/gallery'
import { type GalleryPhotoData, stripSources } from '~/lib/portfolio/project'
import { FullscreenViewer } from './fullscreen-viewer'
import { GalleryPhoto, preloadPhoto } from './gallery-photo'
import { PhotoArrows } from './photo-arrows'

const MAIN_SIZES = '(min-width: 1024px) 896px, 100vw'

/** Photo, previous/next (wrapping), counter, thumbnail strip and a full-screen viewer. */
export function Gallery({ name, photos }: { name: string; photos: GalleryPhotoData[] }) {
	const [index, setIndex] = useState(0)
	const [fullscreen, setFullscreen] = useState(false)
	const stripRef = useRef<HTMLUListElement>(null)
	const firstRender = useRef(true)
	const count = photos.length
	const move = (delta: number) => setIndex((i) => wrapIndex(i + delta, count))

	// Keep the current thumbnail in view, and fetch the next photo before it is asked for.
	useEffect(() => {
		const next = photos[wrapIndex(index + 1, count)]?.src
		if (!next) return
		if (firstRender.current) {
			// On arrival, wait until the page has loaded so the first photo gets the bandwidth.
			firstRender.current = false
			const preload = () => preloadPhoto(next, MAIN_SIZES)
			if (document.readyState === 'complete') preload()
			else window.addEventListener('load', preload, { once: true })
			return () => window.removeEventListener('load', preload)
		}
		const thumb = stripRef.current?.children[index] as HTMLElement | undefined
		thumb?.scrollIntoView({ block: 'nearest', inline: 'center', behavior: 'smooth' })
		preloadPhoto(next, MAIN_SIZES)
	}, [index, count, photos])

	const photo = index + 1
	const current = photos[index]
	return (
		<section
			aria-roledescription="carousel"
			aria-label={`${name} photos`}
			onKeyDown={(event) => {
				if (fullscreen) return
				if (event.key === 'ArrowRight') move(1)
				if (event.key === 'ArrowLeft') move(-1)
			}}
			className="mx-auto max-w-4xl"
		>
			<div className="relative overflow-hidden rounded-2xl bg-pond-900">
				<button
					type="button"
					onClick={() => setFullscreen(true)}
					className="group block w-full focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-koi-500"
				>
					<GalleryPhoto
						key={photo}
						src={current?.src ?? ''}
						alt={current?.alt ?? ''}
						sizes={MAIN_SIZES}
						colour={current?.colour}
						priority={photo === 1}
						className="aspect-[4/3] h-auto w-full object-cover"
					/>
					<span className="absolute right-3 top-3 flex items-center gap-1 rounded-full bg-black/60 px-3 py-1.5 text-sm font-medium text-white">
						<Expand aria-hidden="true" className="size-4" /> Full screen
					</span>
				</button>
				<PhotoArrows onMove={move} />
			</div>
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
				{photos.map((each, i) => (
					<li key={`${i}-${each.src}`} className="shrink-0">
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
								{...stripSources(each.src)}
								sizes="80px"
								alt={`Show view ${i + 1}`}
								width={80}
								height={60}
								loading="lazy"
								decoding="async"
								className="h-15 w-20 object-cover"
								style={{ backgroundColor: each.colour ?? '#dbe7ee' }}
							/>
						</button>
					</li>
				))}
			</ul>
			{fullscreen ? (
				<FullscreenViewer
					name={name}
					photos={photos}
					index={index}
					onMove={move}
					onClose={() => setFullscreen(false)}
				/>
			) : null}
		</section>
	)
}
