import { Link } from 'react-router'
import { categoryIcon } from '~/components/catalog/category-icons'
import { useImageStatus } from '~/components/ui/picture'
import type { CategoryTile as Tile } from '~/data/category-tiles'
import { SITE_IMAGES, siteImageUrl } from '~/lib/images'

/** A failed tile image falls back to the tile's icon, or a generic one (spec section 4). */
export function CategoryTile({ tile }: { tile: Tile }) {
	const { status, onLoad, onError } = useImageStatus()
	// 'Browse All Products' (tile-all) and a category without its own icon get the shop's waves.
	const Icon = categoryIcon(tile.tileImage)
	const spec = tile.image ? SITE_IMAGES[tile.image] : undefined
	const showImage = tile.image && spec && status !== 'failed'
	return (
		<Link
			to={tile.link}
			className="group block overflow-hidden rounded-2xl bg-white shadow-md ring-1 ring-slate-200 transition hover:-translate-y-0.5 hover:shadow-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-pond-700"
		>
			<div className="relative aspect-[4/3] bg-pond-100">
				{showImage ? (
					<img
						src={siteImageUrl(tile.image!, 400, 'jpg')}
						srcSet={spec.widths
							.map((w) => `${siteImageUrl(tile.image!, w, 'webp')} ${w}w`)
							.join(', ')}
						sizes="(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw"
						width={spec.width}
						height={spec.height}
						alt=""
						loading="lazy"
						decoding="async"
						ref={(img) => {
							if (img?.complete && img.naturalWidth === 0) onError()
						}}
						onLoad={onLoad}
						onError={onError}
						className="h-full w-full object-cover transition group-hover:scale-105"
						style={{ backgroundColor: spec.color }}
					/>
				) : (
					<div className="flex h-full items-center justify-center" data-testid="tile-fallback-icon">
						<Icon aria-hidden="true" className="size-16 text-pond-700" />
					</div>
				)}
			</div>
			<div className="flex items-center gap-3 p-4">
				<Icon aria-hidden="true" className="size-6 shrink-0 text-koi-600" />
				<span className="text-lg font-semibold text-pond-900">{tile.title}</span>
			</div>
		</Link>
	)
}
