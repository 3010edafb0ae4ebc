import type { GalleryItem } from '~/lib/gallery'
import { GALLERY_SIZE } from '~/lib/portfolio/photo-sizes'
import { type GalleryPhotoData, photoSources, stripSources } from '~/lib/portfolio/project'

/**
 * A portfolio project's photos as gallery items: a generated photo with every width and format
 * it was drawn in, any other photo (an address the owner gave) as it is.
 */
export function portfolioItems(photos: GalleryPhotoData[]): GalleryItem[] {
	return photos.map((photo) => {
		const main = photoSources(photo.src)
		const strip = stripSources(photo.src)
		const sources: GalleryItem['sources'] = []
		if (main.avif) sources.push({ type: 'image/avif', srcSet: main.avif })
		if (main.webp) sources.push({ type: 'image/webp', srcSet: main.webp })
		return {
			alt: photo.alt,
			sources,
			src: main.src,
			srcSet: main.jpg,
			thumbSrc: strip.src,
			thumbSrcSet: strip.srcSet,
			width: GALLERY_SIZE.width,
			height: GALLERY_SIZE.height,
			colour: photo.colour,
		}
	})
}
