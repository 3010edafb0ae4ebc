import { useState } from 'react'
import { PLACEHOLDER_SRC, SITE_IMAGES, type SiteImageName, siteImageUrl } from '~/lib/images'

type PictureProps = {
	image: SiteImageName
	alt: string
	/** The `sizes` attribute: how wide the image is drawn at each breakpoint. */
	sizes: string
	/** Above-the-fold images load eagerly with high priority; everything else is lazy. */
	priority?: boolean
	className?: string
	style?: React.CSSProperties
}

/** A generated site image as AVIF/WebP/JPEG sources with explicit dimensions (no layout shift). */
export function Picture({ image, alt, sizes, priority = false, className, style }: PictureProps) {
	const spec = SITE_IMAGES[image]
	const srcSet = (format: 'avif' | 'webp' | 'jpg') =>
		spec.widths.map((w) => `${siteImageUrl(image, w, format)} ${w}w`).join(', ')
	const fallbackWidth = spec.widths.find((w) => w >= 800) ?? spec.width
	return (
		<picture>
			<source type="image/avif" srcSet={srcSet('avif')} sizes={sizes} />
			<source type="image/webp" srcSet={srcSet('webp')} sizes={sizes} />
			<img
				src={siteImageUrl(image, fallbackWidth, 'jpg')}
				srcSet={srcSet('jpg')}
				sizes={sizes}
				alt={alt}
				width={spec.width}
				height={spec.height}
				loading={priority ? 'eager' : 'lazy'}
				fetchPriority={priority ? 'high' : 'auto'}
				decoding="async"
				ref={checkAlreadyBroken}
				onError={(event) => showPlaceholder(event.currentTarget)}
				className={className}
				style={{ backgroundColor: spec.color, ...style }}
			/>
		</picture>
	)
}

/** Swap a broken image for the placeholder once (a broken placeholder must not loop). */
export function showPlaceholder(img: HTMLImageElement) {
	if (img.dataset.fallback) return
	img.dataset.fallback = '1'
	img
		.closest('picture')
		?.querySelectorAll('source')
		.forEach((source) => {
			source.remove()
		})
	img.removeAttribute('srcset')
	img.src = PLACEHOLDER_SRC
}

/** An image can fail before hydration, when React's onError is not yet attached. */
export function checkAlreadyBroken(img: HTMLImageElement | null) {
	if (img?.complete && img.naturalWidth === 0 && img.currentSrc) showPlaceholder(img)
}

/** For images whose failure should change what React renders (e.g. tile → icon). */
export function useImageStatus() {
	const [status, setStatus] = useState<'loading' | 'loaded' | 'failed'>('loading')
	return {
		status,
		// A placeholder shown after a failure must not count as the image loading.
		onLoad: () => setStatus((s) => (s === 'failed' ? s : 'loaded')),
		onError: () => setStatus('failed'),
	}
}
