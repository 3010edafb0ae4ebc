import { useMemo } from 'react'
import { PhotoGallery } from '~/components/portfolio/gallery'
import type { GalleryItem } from '~/lib/gallery'
import { PLACEHOLDER_SRC } from '~/lib/images'
import {
	PHOTO_MAIN_WIDTH,
	PHOTO_WIDTHS,
	photoSrcSet,
	photoWidthUrl,
	type ShownPhoto,
	shownThumbUrl,
} from '~/lib/photos'

/** An uploaded photo in every format; a generated image in its two sizes; an outside one as is. */
export function productGalleryItem(photo: ShownPhoto): GalleryItem {
	if (photo.id) {
		const largest = Math.max(...PHOTO_WIDTHS)
		const width = Math.min(photo.width ?? largest, largest)
		return {
			alt: photo.alt,
			sources: [
				{ type: 'image/avif', srcSet: photoSrcSet(photo.id, 'avif') },
				{ type: 'image/webp', srcSet: photoSrcSet(photo.id, 'webp') },
			],
			src: photoWidthUrl(photo.id, 960, 'jpg'),
			srcSet: photoSrcSet(photo.id, 'jpg'),
			thumbSrc: shownThumbUrl(photo),
			width,
			height: Math.round((width * (photo.height ?? 1)) / (photo.width ?? 1)),
		}
	}
	const local = photo.url.startsWith('/')
	return {
		alt: photo.alt,
		sources: [],
		src: photo.url,
		...(local ? { srcSet: `${shownThumbUrl(photo)} 300w, ${photo.url} ${PHOTO_MAIN_WIDTH}w` } : {}),
		thumbSrc: shownThumbUrl(photo),
		width: PHOTO_MAIN_WIDTH,
		height: PHOTO_MAIN_WIDTH,
	}
}

/** The product page's photos: the main one first, the rest a swipeable gallery with full screen. */
export function ProductGallery({ photos, name }: { photos: ShownPhoto[]; name: string }) {
	const items = useMemo(() => photos.map(productGalleryItem), [photos])
	// A product added before its photos were uploaded: the site's placeholder, said in words.
	if (items.length === 0)
		return (
			<figure className="relative overflow-hidden rounded-2xl bg-pond-50 shadow-sm">
				<img
					src={PLACEHOLDER_SRC}
					alt=""
					width={800}
					height={600}
					className="aspect-square w-full object-contain"
				/>
				<figcaption className="absolute inset-x-0 bottom-0 bg-white/85 px-4 py-2 text-center font-semibold text-pond-900">
					Photo coming soon
				</figcaption>
			</figure>
		)
	return (
		<PhotoGallery
			items={items}
			label={name}
			sizes="(min-width: 1024px) 600px, 100vw"
			frameClassName="relative overflow-hidden rounded-2xl bg-pond-50 shadow-sm"
			photoClassName="aspect-square w-full object-contain"
		/>
	)
}
