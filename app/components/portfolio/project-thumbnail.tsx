import { useImageStatus } from '~/components/ui/picture'
import { cn } from '~/lib/cn'
import { PLACEHOLDER_SRC } from '~/lib/images'

/** Spec: a spinner until the thumbnail loads or fails; a failure shows the placeholder. */
export function ProjectThumbnail({ src, alt }: { src: string; alt: string }) {
	const { status, onLoad, onError } = useImageStatus()
	return (
		<div className="relative aspect-[4/3] overflow-hidden bg-pond-100" data-status={status}>
			{status === 'loading' ? (
				<span
					role="status"
					className="absolute inset-0 flex items-center justify-center"
					data-testid="thumbnail-spinner"
				>
					<span
						aria-hidden="true"
						className="size-10 animate-spin rounded-full border-4 border-pond-300 border-t-pond-800"
					/>
					<span className="sr-only">Loading photo</span>
				</span>
			) : null}
			<img
				src={status === 'failed' ? PLACEHOLDER_SRC : src}
				alt={alt}
				width={800}
				height={600}
				loading="lazy"
				decoding="async"
				ref={(img) => {
					// The image may have finished before hydration attached the handlers.
					if (img?.complete && status === 'loading') (img.naturalWidth > 0 ? onLoad : onError)()
				}}
				onLoad={onLoad}
				onError={onError}
				className={cn(
					'h-full w-full object-cover transition-opacity duration-300',
					status === 'loading' ? 'opacity-0' : 'opacity-100',
				)}
			/>
		</div>
	)
}
