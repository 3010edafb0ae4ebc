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
