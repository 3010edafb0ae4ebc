import {
	AVIF_WIDTHS,
	GALLERY_SIZE,
	GALLERY_WIDTHS,
	galleryAlt,
	galleryImageUrl,
	type PortfolioProject,
} from '~/data/portfolio'
import type { GalleryItem } from '~/lib/gallery'

const srcSet = (
	id: string,
	photo: number,
	format: 'avif' | 'webp' | 'jpg',
	widths: readonly number[],
) => widths.map((w) => `${galleryImageUrl(id, photo, w, format)} ${w}w`).join(', ')

/** A portfolio project's generated photographs as gallery items. */
export function portfolioItems(project: PortfolioProject, colours: string[]): GalleryItem[] {
	return Array.from({ length: project.imageCount }, (_, i) => {
		const photo = i + 1
		return {
			alt: galleryAlt(project, photo),
			sources: [
				{ type: 'image/avif', srcSet: srcSet(project.id, photo, 'avif', AVIF_WIDTHS) },
				{ type: 'image/webp', srcSet: srcSet(project.id, photo, 'webp', GALLERY_WIDTHS) },
			],
			src: galleryImageUrl(project.id, photo, 960, 'jpg'),
			srcSet: srcSet(project.id, photo, 'jpg', GALLERY_WIDTHS),
			thumbSrc: galleryImageUrl(project.id, photo, 160, 'jpg'),
			thumbSrcSet: `${galleryImageUrl(project.id, photo, 160, 'webp')} 160w`,
			width: GALLERY_SIZE.width,
			height: GALLERY_SIZE.height,
			colour: colours[i],
		}
	})
}
