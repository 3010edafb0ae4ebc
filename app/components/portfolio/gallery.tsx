import { Expand } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { galleryAlt, galleryImageUrl, type PortfolioProject } from '~/data/portfolio'
import { cn } from '~/lib/cn'
import { wrapIndex } from '~/lib/gallery'
import { FullscreenViewer } from './fullscreen-viewer'
import { GalleryPhoto, preloadPhoto } from './gallery-photo'
import { PhotoArrows } from './photo-arrows'

const MAIN_SIZES = '(min-width: 1024px) 896px, 100vw'

/** Photo, previous/next (wrapping), counter, thumbnail strip and a full-screen viewer. */
export function Gallery({ project, colours }: { project: PortfolioProject; colours: string[] }) {
	const [index, setIndex] = useState(0)
	const [fullscreen, setFullscreen] = useState(false)
	const stripRef = useRef<HTMLUListElement>(null)
	const firstRender = useRef(true)
	const count = project.imageCount
	const move = (delta: number) => setIndex((i) => wrapIndex(i + delta, count))

	// Keep the current thumbnail in view, and fetch the next photo before it is asked for.
	useEffect(() => {
		const next = wrapIndex(index + 1, count) + 1
		if (firstRender.current) {
			// On arrival, wait until the page has loaded so the first photo gets the bandwidth.
			firstRender.current = false
			const preload = () => preloadPhoto(project.id, next, MAIN_SIZES)
			if (document.readyState === 'complete') preload()
			else window.addEventListener('load', preload, { once: true })
			return () => window.removeEventListener('load', preload)
		}
		const thumb = stripRef.current?.children[index] as HTMLElement | undefined
		thumb?.scrollIntoView({ block: 'nearest', inline: 'center', behavior: 'smooth' })
		preloadPhoto(project.id, next, MAIN_SIZES)
	}, [index, count, project.id])

	const photo = index + 1
	return (
		<section
			aria-roledescription="carousel"
			aria-label={`${project.name} photos`}
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
						projectId={project.id}
						photo={photo}
						alt={galleryAlt(project, photo)}
						sizes={MAIN_SIZES}
						colour={colours[index]}
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
				{Array.from({ length: count }, (_, i) => (
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
								src={galleryImageUrl(project.id, i + 1, 160, 'jpg')}
								srcSet={`${galleryImageUrl(project.id, i + 1, 160, 'webp')} 160w`}
								sizes="80px"
								alt={`Show view ${i + 1}`}
								width={80}
								height={60}
								loading="lazy"
								decoding="async"
								className="h-15 w-20 object-cover"
								style={{ backgroundColor: colours[i] ?? '#dbe7ee' }}
							/>
						</button>
					</li>
				))}
			</ul>
			{fullscreen ? (
				<FullscreenViewer
					project={project}
					index={index}
					onMove={move}
					onClose={() => setFullscreen(false)}
				/>
			) : null}
		</section>
	)
}
