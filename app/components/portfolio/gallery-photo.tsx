import { showPlaceholder } from '~/components/ui/picture'
import type { GalleryItem } from '~/lib/gallery'

/** One gallery photograph as AVIF/WebP/JPEG sources, with its colour behind it while it loads. */
export function GalleryPhoto({
	item,
	sizes,
	priority = false,
	className,
	colour = item.colour,
}: {
	item: GalleryItem
	sizes: string
	priority?: boolean
	className?: string
	colour?: string
}) {
	return (
		<picture>
			{item.sources.map((source) => (
				<source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />
			))}
			<img
				src={item.src}
				srcSet={item.srcSet}
				sizes={item.srcSet ? sizes : undefined}
				alt={item.alt}
				width={item.width}
				height={item.height}
				loading={priority ? 'eager' : 'lazy'}
				fetchPriority={priority ? 'high' : 'auto'}
				decoding="async"
				onError={(event) => showPlaceholder(event.currentTarget)}
				className={className}
				style={{ backgroundColor: colour ?? '#dbe7ee' }}
			/>
		</picture>
	)
}

/** Starts the download of a photo the visitor is likely to look at next. */
export function preloadPhoto(item: GalleryItem | undefined, sizes: string) {
	if (!item) return
	const img = new Image()
	const webp = item.sources.find((s) => s.type === 'image/webp')
	img.sizes = sizes
	img.srcset = webp?.srcSet ?? item.srcSet ?? ''
	img.src = item.src
}
