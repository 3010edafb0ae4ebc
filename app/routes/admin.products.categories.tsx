import { Form, Link } from 'react-router'
import { requireAccess } from '~/.server/auth/guards'
import { AdminNav } from '~/components/admin/admin-nav'
import { CategoryForm } from '~/components/admin/category-form'
import { Notice } from '~/components/admin/notices'
import { PageHeader } from '~/components/content/page-header'
import type { BreadcrumbHandle } from '~/components/layout/breadcrumbs'
import { categoryPath } from '~/lib/catalog/product'
import { cn } from '~/lib/cn'
import { pageMeta } from '~/lib/seo'
import type { Route } from './+types/admin.products.categories'
import { categoryAction } from './admin.products.categories.server'

export const handle: BreadcrumbHandle = {
	breadcrumb: () => [
		{ label: 'Admin', to: '/admin' },
		{ label: 'Products', to: '/admin/products' },
		{ label: 'Categories', to: '/admin/products/categories' },
	],
}

export const meta: Route.MetaFunction = (args) =>
	pageMeta(args, {
		title: 'Categories · Admin',
		description: 'Add, rename, order, hide and remove the shop’s product categories.',
		noindex: true,
	})

const DONE: Record<string, string> = {
	added:
		'The category is added at the end of the list. Choose it for products in the product editor.',
	saved: 'Saved. The shop shows the change now; an old address leads to the new one.',
	moved: 'The order is changed on the home page, the product pages and the footer.',
	hidden:
		'The category is hidden: off the home page, the lists and the footer, and its page is gone. Its products can still be reached from links already shared.',
	shown: 'The category is back on the shop.',
	deleted: 'The category is deleted.',
}

export async function loader({ request, context }: Route.LoaderArgs) {
	const viewer = await requireAccess(request, context, 'admin/products/categories')
	const url = new URL(request.url)
	const [categories, everything] = await Promise.all([
		context.catalog.categories(),
		context.catalog.everything(),
	])
	const used = new Map<string, number>()
	for (const p of everything) used.set(p.category, (used.get(p.category) ?? 0) + 1)
	const editing = categories.find((c) => String(c.id) === url.searchParams.get('edit'))
	return {
		role: viewer.role,
		categories: categories.map((c) => ({ ...c, products: used.get(c.slug) ?? 0 })),
		editing: editing
			? {
					id: editing.id,
					values: {
						name: editing.name,
						slug: editing.slug,
						description: editing.description,
						tileTitle: editing.tileTitle,
						tileImage: editing.tileImage,
					},
				}
			: null,
		message: DONE[url.searchParams.get('done') ?? ''],
	}
}

export async function action({ request, context }: Route.ActionArgs) {
	return categoryAction(request, context)
}

type Row = Route.ComponentProps['loaderData']['categories'][number]

export default function AdminCategories({ loaderData, actionData }: Route.ComponentProps) {
	const { categories, editing, message } = loaderData
	const fieldErrors = actionData?.fieldErrors ?? {}
	const formError =
		actionData?.error && Object.keys(fieldErrors).length === 0 ? actionData.error : null
	return (
		<>
			<PageHeader
				title="Categories"
				intro="The shop’s product categories, in the order the home page, the product lists and the footer show them."
			/>
			<div className="container-page py-10">
				<AdminNav role={loaderData.role} />
				<p className="mb-6">
					<Link to="/admin/products" className="font-semibold text-pond-800 underline">
						Back to products
					</Link>
				</p>
				{message && !actionData ? <Notice kind="done">{message}</Notice> : null}
				{formError ? <Notice kind="refused">{formError}</Notice> : null}
				<CategoryForm
					key={editing ? `edit-${editing.id}` : `new-${categories.length}`}
					editing={editing}
					values={Object.keys(fieldErrors).length ? actionData?.values : undefined}
					serverErrors={actionData?.fieldErrors}
				/>
				<h2 className="mt-10 font-display text-2xl font-bold text-pond-900">
					{categories.length} {categories.length === 1 ? 'category' : 'categories'}
				</h2>
				<ol className="mt-3 space-y-3">
					{categories.map((c, i) => (
						<li
							key={c.id}
							data-category={c.slug}
							className={cn(
								'rounded-xl p-4 ring-1 ring-slate-200',
								c.hidden ? 'bg-slate-50' : 'bg-white',
							)}
						>
							<div className="flex flex-wrap items-center gap-3">
								<span className="font-semibold text-pond-900">{c.name}</span>
								{c.hidden ? (
									<span className="rounded-full bg-amber-100 px-3 py-1 text-sm font-semibold text-amber-900">
										Hidden
									</span>
								) : null}
							</div>
							<p className="mt-1 break-words text-sm text-slate-600">
								{c.hidden ? (
									categoryPath(c.slug)
								) : (
									<Link to={categoryPath(c.slug)} className="underline">
										{categoryPath(c.slug)}
									</Link>
								)}{' '}
								· {c.products} {c.products === 1 ? 'product' : 'products'}
							</p>
							<div className="mt-3 flex flex-wrap gap-2">
								<Link
									to={`/admin/products/categories?edit=${c.id}#category-form`}
									className="btn-secondary min-h-11 px-3 py-1.5 text-sm"
								>
									<span>
										Edit<span className="sr-only">: {c.name}</span>
									</span>
								</Link>
								<RowButton intent="up" c={c} disabled={i === 0} label="Up" />
								<RowButton
									intent="down"
									c={c}
									disabled={i === categories.length - 1}
									label="Down"
								/>
								<RowButton
									intent={c.hidden ? 'show' : 'hide'}
									c={c}
									label={c.hidden ? 'Show' : 'Hide'}
								/>
								<RowButton intent="delete" c={c} label="Delete" />
							</div>
						</li>
					))}
				</ol>
			</div>
		</>
	)
}

function RowButton({
	intent,
	c,
	disabled,
	label,
}: {
	intent: string
	c: Row
	disabled?: boolean
	label: string
}) {
	return (
		<Form method="post">
			<input type="hidden" name="id" value={c.id} />
			<button
				type="submit"
				name="intent"
				value={intent}
				disabled={disabled}
				className="btn-secondary min-h-11 px-3 py-1.5 text-sm disabled:opacity-40"
			>
				<span>
					{label}
					<span className="sr-only">: {c.name}</span>
				</span>
			</button>
		</Form>
	)
}
