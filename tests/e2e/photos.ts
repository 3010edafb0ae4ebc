import sharp from 'sharp'

/**
 * A small JPEG for journeys that upload photos (a few KB, made in a few milliseconds): the
 * journeys are about the forms, the order and the gallery. Full-size photos, their processing
 * and its cost are the photo tests' and benches' (tests/integration, bench/upload.ts).
 */
export function smallPhoto(
	background: string,
	{
		width = 320,
		height = 240,
		phone = false,
	}: { width?: number; height?: number; phone?: boolean } = {},
) {
	const photo = sharp({ create: { width, height, channels: 3, background } }).jpeg()
	// As a phone sends it: sideways by its EXIF orientation, with a GPS position.
	return (
		phone
			? photo
					.withMetadata({ orientation: 6 })
					.withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '57/1 28/1 0/1' } })
			: photo
	).toBuffer()
}
