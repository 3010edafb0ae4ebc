import { showPlaceholder } from '~/components/ui/picture'
import { AVIF_WIDTHS, GALLERY_SIZE, GALLERY_WIDTHS, galleryImageUrl } from '~/data/portfolio'

const srcSet = (
	id: string,
	photo: number,
	format: 'avif' | 'webp' | 'jpg',
	widths: readonly number[],
) => widths.map((w) => `${galleryImageUrl(id, photo, w, format)} ${w}w`).join(', ')

/** One portfolio photograph as AVIF/WebP/JPEG sources, with its dominant colour behind it while it loads. */
export function GalleryPhoto({
	projectId,
	photo,
	alt,
	sizes,
	colour,
	priority = false,
	className,
}: {
	projectId: string
	photo: number
	alt: string
	sizes: string
	colour?: string
	priority?: boolean
	className?: string
}) {
	return (
		<picture>
			<source
				type="image/avif"
				srcSet={srcSet(projectId, photo, 'avif', AVIF_WIDTHS)}
				sizes={sizes}
			/>
			<source
				type="image/webp"
				srcSet={srcSet(projectId, photo, 'webp', GALLERY_WIDTHS)}
				sizes={sizes}
			/>
			<img
				src={galleryImageUrl(projectId, photo, 960, 'jpg')}
				srcSet={srcSet(projectId, photo, 'jpg', GALLERY_WIDTHS)}
				sizes={sizes}
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
export function preloadPhoto(projectId: string, photo: number, sizes: string) {
	const img = new Image()
	img.sizes = sizes
	img.srcset = srcSet(projectId, photo, 'webp', GALLERY_WIDTHS)
	img.src = galleryImageUrl(projectId, photo, 960, 'webp')
}
