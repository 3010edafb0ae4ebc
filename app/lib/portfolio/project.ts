import { photoSrcSet, photoWidthUrl, uploadedPhotoId } from '~/lib/photos'
import { AVIF_WIDTHS, GALLERY_WIDTHS } from './photo-sizes'

/**
 * A portfolio photo as stored: its address on this site and its alt text. Today src is one of the
 * generated images (/images/portfolio/pond3/07-1280.jpg); an uploaded photo's URL fits the same
 * field, so the upload component plugs into the editor without a change here.
 */
export type ProjectPhoto = { src: string; alt: string }

/** A photo as the gallery shows it: with its dominant colour when the generator recorded one. */
export type GalleryPhotoData = ProjectPhoto & { colour?: string }

/** A project as the public pages show it (the admin's extra fields stay on the server). */
export type PublicProject = {
	slug: string
	name: string
	summary: string
	location: string
	story: string[]
	pondVolume: number | null
	features: string[]
	testimonial: { text: string; author: string; rating: number } | null
	photos: GalleryPhotoData[]
	thumbnailUrl: string
}

/** A home page or portfolio card's fields. */
export type ProjectCardData = Pick<PublicProject, 'slug' | 'name' | 'location' | 'summary'> & {
	thumbnailUrl: string
	photoCount: number
}

/** The home page shows this many featured projects (its row of three cards). */
export const FEATURED_ON_HOME = 3

/** /images/portfolio/<project>/<NN>-<width>.jpg: a photo the image generator drew, in its widths. */
const GENERATED = /^\/images\/portfolio\/([a-z0-9-]+)\/(\d{2})-\d+\.(?:jpg|webp|avif)$/

export function generatedPhoto(src: string) {
	const match = GENERATED.exec(src)
	return match ? { project: match[1]!, number: Number(match[2]) } : undefined
}

/** The path of a generated photo in one width and format. */
export const generatedUrl = (src: string, width: number, format: 'avif' | 'webp' | 'jpg') =>
	src.replace(/-\d+\.(?:jpg|webp|avif)$/, `-${width}.${format}`)

/**
 * The sources a <picture> offers for a photo: every generated width and format, an uploaded
 * photo's variants (decision 0026), or the address alone for any other photo.
 */
export function photoSources(src: string) {
	const uploaded = uploadedPhotoId(src)
	if (uploaded)
		return {
			src: photoWidthUrl(uploaded, 960, 'jpg'),
			avif: photoSrcSet(uploaded, 'avif'),
			webp: photoSrcSet(uploaded, 'webp'),
			jpg: photoSrcSet(uploaded, 'jpg'),
		}
	if (!generatedPhoto(src)) return { src, avif: undefined, webp: undefined, jpg: undefined }
	const set = (format: 'avif' | 'webp' | 'jpg', widths: readonly number[]) =>
		widths.map((w) => `${generatedUrl(src, w, format)} ${w}w`).join(', ')
	return {
		src: generatedUrl(src, 960, 'jpg'),
		avif: set('avif', AVIF_WIDTHS),
		webp: set('webp', GALLERY_WIDTHS),
		jpg: set('jpg', GALLERY_WIDTHS),
	}
}

/** A small copy for the gallery's strip of thumbnails (a generated photo's 160 px width). */
export function stripSources(src: string) {
	const uploaded = uploadedPhotoId(src)
	if (uploaded)
		return {
			src: photoWidthUrl(uploaded, 160, 'jpg'),
			srcSet: `${photoWidthUrl(uploaded, 160, 'webp')} 160w`,
		}
	return generatedPhoto(src)
		? { src: generatedUrl(src, 160, 'jpg'), srcSet: `${generatedUrl(src, 160, 'webp')} 160w` }
		: { src, srcSet: undefined }
}

/**
 * A card's picture: the generator's 800 × 600 thumbnail for a project's first generated photo
 * (/images/portfolio/<id>/thumbnail.jpeg, as the spec names it), else the photo at 960 px.
 */
export function thumbnailUrlFor(photo: ProjectPhoto | undefined) {
	if (!photo) return ''
	const uploaded = uploadedPhotoId(photo.src)
	if (uploaded) return photoWidthUrl(uploaded, 960, 'jpg')
	const generated = generatedPhoto(photo.src)
	if (!generated) return photo.src
	if (generated.number === 1) return `/images/portfolio/${generated.project}/thumbnail.jpeg`
	return generatedUrl(photo.src, 960, 'jpg')
}

/** Half stars as stored (1–10) to the rating shown (0.5–5). */
export const starsOf = (halves: number) => halves / 2
