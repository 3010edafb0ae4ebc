import { showPlaceholder } from '~/components/ui/picture'
import { GALLERY_SIZE } from '~/lib/portfolio/photo-sizes'
import { photoSources } from '~/lib/portfolio/project'

/**
 * One portfolio photograph: a generated photo as AVIF/WebP/JPEG sources in every width, any other
 * (an uploaded photo) by its address; its dominant colour shows behind it while it loads.
 */
export function GalleryPhoto({
	src,
	alt,
	sizes,
	colour,
	priority = false,
	className,
}: {
	src: string
	alt: string
	sizes: string
	colour?: string
	priority?: boolean
	className?: string
}) {
	const sources = photoSources(src)
	return (
		<picture>
			{sources.avif ? <source type="image/avif" srcSet={sources.avif} sizes={sizes} /> : null}
			{sources.webp ? <source type="image/webp" srcSet={sources.webp} sizes={sizes} /> : null}
			<img
				src={sources.src}
				srcSet={sources.jpg}
				sizes={sources.jpg ? sizes : undefined}
				alt={alt}
				width={GALLERY_SIZE.width}
				height={GALLERY_SIZE.height}
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
export function preloadPhoto(src: string, sizes: string) {
	const sources = photoSources(src)
	const img = new Image()
	if (sources.webp) {
		img.sizes = sizes
		img.srcset = sources.webp
	}
	img.src = sources.src
}
