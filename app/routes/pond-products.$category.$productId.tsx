import { ArrowLeft, Truck } from 'lucide-react'
import { data, isRouteErrorResponse, Link, redirect, useNavigate } from 'react-router'
import { descriptionHtml, descriptionText } from '~/.server/catalog/product-description'
import { shownPhotos } from '~/.server/catalog/product-photos'
import { ProductDetails } from '~/components/catalog/product-details'
import { ProductGallery } from '~/components/catalog/product-gallery'
import { ProductPurchase } from '~/components/catalog/product-purchase'
import { JsonLd } from '~/components/json-ld'
import type { BreadcrumbHandle } from '~/components/layout/breadcrumbs'
import { categoryPath, priceLabel, productPath } from '~/lib/catalog/product'
import { categoryLabel, isSlug } from '~/lib/categories'
import { SHIPPING_NOTES, shippingClassOf } from '~/lib/delivery/shipping-class'
import { penceToInput } from '~/lib/money'
import { pageMeta, siteUrlFrom } from '~/lib/seo'
import type { Route } from './+types/pond-products.$category.$productId'

export const handle: BreadcrumbHandle = {
	breadcrumb: (match) => {
		const { category = '', productId = '' } = match.params
		const found = match.data as { product?: { name: string }; categoryName?: string } | undefined
		const name = found?.product?.name
		return [
			{ label: 'Products', to: '/pond-products' },
			{ label: found?.categoryName ?? categoryLabel(category), to: `/pond-products/${category}` },
			{ label: name ?? 'Product not found', to: `/pond-products/${category}/${productId}` },
		]
	},
}

export const meta: Route.MetaFunction = (args) => {
	const product = args.data?.product
	if (!product)
		return [
			{ title: 'Product not found | Highland Koi & Ponds' },
			{ name: 'robots', content: 'noindex' },
		]
	return pageMeta(args, {
		title: `${product.name} (${product.code})`,
		description:
			args.data?.summary ||
			`${product.name} from ${product.vendor}: ${priceLabel(product.pricePence)}. ${args.data?.categoryName} for garden and koi ponds, with UK delivery confirmed before you pay.`,
		// No photo yet: the site's own picture for sharing.
		image: product.imageUrl || undefined,
		type: 'product',
	})
}

export async function loader({ params, context }: Route.LoaderArgs) {
	let product: Awaited<ReturnType<typeof context.catalog.product>>
	try {
		product = await context.catalog.product(params.productId)
	} catch (error) {
		context.logger.error({ err: error }, 'product read failed')
		throw data('Failed to load product details. Please try again later.', { status: 503 })
	}
	if (!product) throw data('Product not found', { status: 404 })
	const categories = await context.catalog.categories()
	if (product.category !== params.category) {
		// The address from before its category's rename moves for good to the product's own.
		const at = await context.catalog.categoryAt(params.category)
		if (at && 'renamedTo' in at && at.renamedTo === product.category)
			throw redirect(productPath(product), 301)
		throw data('Product not found', { status: 404 })
	}
	// A hidden category's products stay open by their address, off every list (decision 0032).
	const category = categories.find((c) => c.slug === product.category)
	let photos: Awaited<ReturnType<typeof shownPhotos>>
	try {
		photos = await shownPhotos(context.db, product)
	} catch (error) {
		context.logger.error({ err: error }, 'product photos read failed')
		photos = product.imageUrl ? [{ url: product.imageUrl, alt: product.name, id: null }] : []
	}
	// The description as HTML and as plain words (the meta description), made here on the server.
	const summary = descriptionText(product.description)
	return {
		product,
		categoryName: category?.name ?? categoryLabel(product.category),
		categoryShown: category ? !category.hidden : false,
		photos,
		descriptionHtml: descriptionHtml(product.description),
		summary: summary.length > 160 ? `${summary.slice(0, 157).trimEnd()}…` : summary,
	}
}

export default function ProductDetail({ loaderData, matches }: Route.ComponentProps) {
	const { product, photos, descriptionHtml, summary, categoryName, categoryShown } = loaderData
	const siteUrl = siteUrlFrom(matches)
	const listPath = categoryShown ? categoryPath(product.category) : '/pond-products'
	return (
		<div className="container-page py-8">
			<ProductJsonLd
				product={product}
				categoryName={categoryName}
				siteUrl={siteUrl}
				description={summary}
			/>
			<BackButton fallback={listPath} label="Back" />
			<div className="mt-6 grid gap-10 lg:grid-cols-2">
				<ProductGallery photos={photos} name={product.name} />
				<div className="space-y-6">
					<div>
						<p className="text-sm font-semibold uppercase tracking-wide text-slate-600">
							<Link to={listPath} className="hover:underline">
								{categoryName}
							</Link>{' '}
							· {product.vendor}
						</p>
						<h1 className="mt-2 font-display text-3xl font-bold text-pond-900 sm:text-4xl">
							{product.name}
						</h1>
						<p className="mt-2 text-slate-600">Product code {product.code}</p>
					</div>
					<ProductPurchase product={product} />
					<p className="flex items-start gap-3 rounded-xl bg-amber-50 p-4 text-amber-900">
						<Truck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
						<span>
							<strong>Delivery is not included.</strong> We confirm the delivery cost to your
							address after you place your order request, before you pay anything.
							<span className="mt-1 block" data-testid="shipping-note">
								{SHIPPING_NOTES[shippingClassOf(product)]}
							</span>
						</span>
					</p>
				</div>
			</div>
			<ProductDetails descriptionHtml={descriptionHtml} specifications={product.specifications} />
			<section aria-labelledby="delivery-info" className="mt-12 max-w-3xl">
				<h2 id="delivery-info" className="font-display text-2xl font-bold text-pond-900">
					Delivery information
				</h2>
				<ul className="mt-4 list-disc space-y-2 pl-6 text-slate-700">
					<li>
						We deliver across the UK, the Isle of Man and the Channel Islands; the Highlands,
						islands and Northern Ireland cost more. Your cart gives an estimate for your postcode,
						and we confirm the exact cost before you pay.
					</li>
					<li>
						Small items such as fittings and air stones usually go by tracked parcel; filters and
						large pumps by pallet or our own van.
					</li>
					<li>
						After you place an order request we check stock, work out the cheapest safe way to send
						it, and email you the total with a secure card payment link.
					</li>
					<li>
						Please check your goods on arrival and tell us about any problem within 24 hours of
						delivery.
					</li>
				</ul>
			</section>
		</div>
	)
}

function ProductJsonLd({
	product,
	categoryName,
	siteUrl,
	description,
}: {
	product: Route.ComponentProps['loaderData']['product']
	categoryName: string
	siteUrl: string
	description: string
}) {
	const prices = [product.pricePence, ...product.options.map((o) => o.pricePence)].filter(
		(p): p is number => p !== null,
	)
	return (
		<JsonLd
			data={{
				'@context': 'https://schema.org',
				'@type': 'Product',
				name: product.name,
				...(description ? { description } : {}),
				sku: product.code,
				// A product without a photo yet has none to list.
				image: [product.imageUrl, ...product.moreImages]
					.filter(Boolean)
					.map((url) => (url.startsWith('/') ? `${siteUrl}${url}` : url)),
				brand: { '@type': 'Brand', name: product.vendor },
				category: categoryName,
				url: `${siteUrl}${productPath(product)}`,
				...(prices.length > 0
					? {
							offers: {
								'@type': 'Offer',
								priceCurrency: 'GBP',
								price: penceToInput(Math.min(...prices)),
								availability: 'https://schema.org/InStock',
								url: `${siteUrl}${productPath(product)}`,
							},
						}
					: {}),
			}}
		/>
	)
}

/** Goes back in history when there is somewhere to go back to; a plain link otherwise. */
function BackButton({ fallback, label }: { fallback: string; label: string }) {
	const navigate = useNavigate()
	return (
		<Link
			to={fallback}
			onClick={(event) => {
				if (window.history.length > 1) {
					event.preventDefault()
					navigate(-1)
				}
			}}
			className="inline-flex items-center gap-2 font-semibold text-pond-700 hover:underline"
		>
			<ArrowLeft aria-hidden="true" className="size-4" />
			{label}
		</Link>
	)
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
	const notFound = isRouteErrorResponse(error) && error.status === 404
	const fallback = isSlug(params.category ?? '')
		? `/pond-products/${params.category}`
		: '/pond-products'
	return (
		<div className="container-page py-20 text-center">
			<h1 className="font-display text-4xl font-bold text-pond-900">
				{notFound ? 'Product not found' : 'Failed to load product details. Please try again later.'}
			</h1>
			{notFound ? (
				<p className="mt-4 text-lg text-slate-600">
					This product may have been removed, or the address may be mistyped.
				</p>
			) : null}
			<div className="mt-8 flex justify-center">
				<BackButton fallback={fallback} label="Go Back" />
			</div>
		</div>
	)
}
