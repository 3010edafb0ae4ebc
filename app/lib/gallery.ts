/** Next/previous photo index, wrapping at both ends (0-based). */
export function wrapIndex(index: number, count: number) {
	if (count <= 0) return 0
	return ((index % count) + count) % count
}

/** A horizontal swipe of at least this many pixels moves the photo. */
export const SWIPE_MIN_PX = 50

/** -1 for a swipe to the right (previous), 1 to the left (next), 0 for a tap or a vertical scroll. */
export function swipeDirection(dx: number, dy: number) {
	if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) < Math.abs(dy)) return 0
	return dx < 0 ? 1 : -1
}

/**
 * One photo of any gallery (a portfolio project's, a product's): its <picture> sources, the
 * fallback JPEG, a small picture for the strip, and what it shows.
 */
export type GalleryItem = {
	alt: string
	/** AVIF and WebP sources, best first; may be empty (an outside image). */
	sources: Array<{ type: string; srcSet: string }>
	src: string
	srcSet?: string
	thumbSrc: string
	thumbSrcSet?: string
	width: number
	height: number
	/** Shown behind the photo while it loads. */
	colour?: string
}
