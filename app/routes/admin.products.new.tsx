import { requireAdmin } from '~/.server/auth/guards'
import { productFormAction } from '~/.server/catalog/product-form-action'
import { AdminNav } from '~/components/admin/admin-nav'
import { ProductForm } from '~/components/admin/product-form'
import { PageHeader } from '~/components/content/page-header'
import type { BreadcrumbHandle } from '~/components/layout/breadcrumbs'
import { pageMeta } from '~/lib/seo'
import type { Route } from './+types/admin.products.new'

export const handle: BreadcrumbHandle = {
	breadcrumb: () => [
		{ label: 'Admin', to: '/admin' },
		{ label: 'Products', to: '/admin/products' },
		{ label: 'New product', to: '/admin/products/new' },
	],
}

export const meta: Route.MetaFunction = (args) =>
	pageMeta(args, { title: 'New product · Admin', description: 'Add a product.', noindex: true })

export async function loader({ request, context }: Route.LoaderArgs) {
	await requireAdmin(request, context)
	return null
}

export async function action({ request, context }: Route.ActionArgs) {
	return productFormAction(request, context, undefined)
}

export default function NewProduct({ actionData }: Route.ComponentProps) {
	return (
		<>
			<PageHeader title="New product" intro="Added at the end of its category's list." />
			<div className="container-page py-10">
				<AdminNav />
				{actionData?.error && !Object.keys(actionData.fieldErrors).length ? (
					<p role="alert" className="mb-6 rounded-lg bg-red-50 px-4 py-3 font-medium text-red-800">
						{actionData.error}
					</p>
				) : null}
				<ProductForm
					values={actionData?.values ?? { category: 'pumps' }}
					serverErrors={actionData?.fieldErrors}
					submitLabel="Add product"
				/>
			</div>
		</>
	)
}
