import { data } from 'react-router'
import { requireAccess, requireAction } from '~/.server/auth/guards'
import { productFingerprint } from '~/.server/catalog/edit'
import { recentChanges, storedProduct } from '~/.server/catalog/product-admin'
import { shownPhotos } from '~/.server/catalog/product-photos'
import { readForm } from '~/.server/http/read-body'
import { AdminNav } from '~/components/admin/admin-nav'
import { Notice } from '~/components/admin/notices'
import {
	ChangeHistory,
	DeleteConfirmation,
	ProductToolbar,
} from '~/components/admin/product-actions'
import { formValuesOf, ProductForm } from '~/components/admin/product-form'
import { ProductPhotos } from '~/components/admin/product-photos'
import { PageHeader } from '~/components/content/page-header'
import type { BreadcrumbHandle } from '~/components/layout/breadcrumbs'
import { productPath } from '~/lib/catalog/product'
import { productToRow } from '~/lib/catalog/product-schema'
import { pageMeta } from '~/lib/seo'
import { safeText } from '~/lib/text-safety'
import type { Route } from './+types/admin.products.$productId'
import { productFormAction, productPhotosAction } from './admin.products.$productId.server'

export const handle: BreadcrumbHandle = {
	breadcrumb: (match) => [
		{ label: 'Admin', to: '/admin' },
		{ label: 'Products', to: '/admin/products' },
		{ label: match.params.productId === NEW ? 'New product' : 'Edit product', to: match.pathname },
	],
}

export const meta: Route.MetaFunction = (args) =>
	pageMeta(args, {
		// The question is the page's title, so a screen reader announces it on arrival.
		title: `${args.data?.confirmDelete ? 'Delete ' : ''}${args.data?.product?.name ?? 'New product'}${args.data?.confirmDelete ? '?' : ''} · Admin`,
		description: 'Add or change a product.',
		noindex: true,
	})

/** /admin/products/new adds a product; one route for both keeps the route manifest light. */
const NEW = 'new'

const SAVED: Record<string, string> = {
	created: 'The product is added. Shop pages show it now.',
	edited: 'Saved. Shop pages show the change now.',
	duplicated: 'This is the copy, hidden until you show it. Change its name and code, then save.',
	hidden: 'The product is hidden: off the shop, search and sitemap. Past orders keep it.',
	shown: 'The product is back on the shop.',
	photos: 'Photos saved. Shop pages show them now.',
	unchanged: 'No changes to save.',
}
/** After adding a product without a photo: where its photos go (the uploader needs the product). */
const CREATED_NO_PHOTO =
	'The product is added. Upload its photos below: until then shop pages show a placeholder.'

export async function loader({ request, context, params }: Route.LoaderArgs) {
	const viewer = await requireAccess(request, context, 'admin/products/:productId')
	// The owner's categories, hidden ones marked (Products → Categories).
	const categories = (await context.catalog.categories()).map(({ slug, name, hidden }) => ({
		slug,
		name,
		hidden,
	}))
	if (params.productId === NEW) {
		const first = categories.find((c) => !c.hidden) ?? categories[0]
		const values: Record<string, string> = { category: first?.slug ?? '' }
		return {
			categories,
			role: viewer.role,
			product: null,
			path: '',
			values,
			fingerprint: '',
			changes: [],
			message: undefined,
			confirmDelete: false,
			photos: [],
			photoError: undefined,
		}
	}
	const product = /^\d{1,7}$/.test(params.productId)
		? await storedProduct(context.db, params.productId)
		: undefined
	if (!product) throw data({ notFound: true }, { status: 404 })
	const query = new URL(request.url).searchParams
	const saved = query.get('saved') ?? ''
	return {
		categories,
		role: viewer.role,
		product: { id: product.id, name: product.name, code: product.code, hidden: product.hidden },
		path: productPath(product),
		values: formValuesOf(productToRow(product)),
		fingerprint: productFingerprint(product),
		changes: await recentChanges(context.db, { code: product.code, limit: 10 }),
		confirmDelete: query.get('confirm') === 'delete',
		message: saved === 'created' && !product.imageUrl ? CREATED_NO_PHOTO : SAVED[saved],
		photos: await shownPhotos(context.db, product, { forEditor: true }),
		// A refusal from the plain upload form (no script), which comes back here.
		photoError: safeText()
			.max(1000)
			.safeParse(query.get('photoError') ?? undefined).data,
	}
}

export async function action({ request, context, params }: Route.ActionArgs) {
	if (params.productId === NEW) return productFormAction(request, context, undefined)
	const admin = await requireAction(request, context, 'admin/products/:productId')
	if (!/^\d{1,7}$/.test(params.productId)) throw data({ notFound: true }, { status: 404 })
	const form = await readForm(request)
	if (form.get('intent') === 'photos')
		return productPhotosAction(form, context, admin, params.productId)
	return productFormAction(request, context, params.productId, form)
}

export default function EditProduct({ loaderData, actionData }: Route.ComponentProps) {
	const { product, path, values, fingerprint, changes, message, photos, photoError } = loaderData
	const { confirmDelete } = loaderData
	const fieldErrors = actionData && Object.keys(actionData.fieldErrors).length > 0
	// A refusal of the whole save (someone else changed the product) shows the latest values.
	const formError = actionData?.error && !fieldErrors ? actionData.error : null
	return (
		<>
			<PageHeader
				title={product?.name ?? 'New product'}
				intro={
					product ? `Product code ${product.code}` : "Added at the end of its category's list."
				}
			/>
			<div className="container-page py-10">
				<AdminNav role={loaderData.role} />
				{message && !actionData ? <Notice kind="done">{message}</Notice> : null}
				{formError ? <Notice kind="refused">{formError}</Notice> : null}
				{photoError && !actionData ? <Notice kind="refused">{photoError}</Notice> : null}
				{product && confirmDelete ? (
					<DeleteConfirmation product={product} fingerprint={fingerprint} />
				) : null}
				{product ? (
					<ProductToolbar product={product} path={path} fingerprint={fingerprint} />
				) : null}
				<ProductForm
					categories={loaderData.categories}
					key={fingerprint}
					values={fieldErrors ? actionData.values : values}
					serverErrors={actionData?.fieldErrors}
					fingerprint={fingerprint || undefined}
					submitLabel={product ? 'Save product' : 'Add product'}
				/>
				{product ? (
					<ProductPhotos
						key={`photos-${fingerprint}`}
						productId={product.id}
						productName={product.name}
						fingerprint={fingerprint}
						photos={photos}
					/>
				) : null}
				<ChangeHistory changes={changes} title="Changes to this product" />
			</div>
		</>
	)
}
