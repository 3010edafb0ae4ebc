import { Link } from 'react-router'
import { showPlaceholder } from '~/components/ui/picture'
import { type ProductSummary, priceLabel, productPath, thumbnailUrl } from '~/lib/catalog/product'

export function ProductCard({
	product,
	eager = false,
}: {
	product: ProductSummary
	eager?: boolean
}) {
	return (
		<article className="group relative flex h-full flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200 transition hover:shadow-md">
			<img
				src={thumbnailUrl(product.imageUrl)}
				alt=""
				width={300}
				height={300}
				loading={eager ? 'eager' : 'lazy'}
				fetchPriority={eager ? 'high' : 'auto'}
				decoding="async"
				onError={(event) => showPlaceholder(event.currentTarget)}
				className="aspect-square w-full bg-pond-50 object-cover"
			/>
			<div className="flex flex-1 flex-col gap-1 p-4">
				<p className="text-xs font-semibold uppercase tracking-wide text-slate-600">
					{product.vendor} · {product.categoryName}
				</p>
				<h3 className="font-semibold leading-snug text-pond-900">
					<Link
						to={productPath(product)}
						className="after:absolute after:inset-0 focus-visible:outline-none"
					>
						{product.name}
					</Link>
				</h3>
				<p className="text-xs text-slate-600">Code {product.code}</p>
				<p className="mt-auto pt-2 text-lg font-bold text-pond-900">
					{product.hasOptions && product.pricePence !== null ? (
						<span className="text-sm font-medium text-slate-600">From </span>
					) : null}
					{priceLabel(product.pricePence)}
				</p>
			</div>
		</article>
	)
}

/** `eager`: how many pictures, from the first, are in view when the page opens (loaded first). */
export function ProductGrid({
	products,
	eager = 4,
}: {
	products: ProductSummary[]
	eager?: number
}) {
	return (
		<ul className="grid grid-cols-2 gap-3 sm:gap-5 md:grid-cols-3 lg:grid-cols-4">
			{products.map((product, index) => (
				<li key={product.id}>
					<ProductCard product={product} eager={index < eager} />
				</li>
			))}
		</ul>
	)
}
