import { Form, Link } from 'react-router'
import { requireAccess } from '~/.server/auth/guards'
import { allTestimonials } from '~/.server/portfolio/testimonials'
import { AdminNav } from '~/components/admin/admin-nav'
import { Notice } from '~/components/admin/notices'
import { TestimonialForm } from '~/components/admin/testimonial-form'
import { PageHeader } from '~/components/content/page-header'
import type { BreadcrumbHandle } from '~/components/layout/breadcrumbs'
import { Rating } from '~/components/ui/rating'
import { cn } from '~/lib/cn'
import { authorOf, awaitingApproval } from '~/lib/portfolio/testimonial-schema'
import { pageMeta } from '~/lib/seo'
import type { Route } from './+types/admin.testimonials'
import { testimonialAction } from './admin.testimonials.server'

export const handle: BreadcrumbHandle = {
	breadcrumb: () => [
		{ label: 'Admin', to: '/admin' },
		{ label: 'Testimonials', to: '/admin/testimonials' },
	],
}

export const meta: Route.MetaFunction = (args) =>
	pageMeta(args, {
		title: 'Testimonials · Admin',
		description: 'Add, change, order and hide the testimonials on the home page.',
		noindex: true,
	})

const DONE: Record<string, string> = {
	added: 'The testimonial is added at the end of the list.',
	saved: 'Saved. The home page shows the change now.',
	moved: 'The order is changed.',
	hidden: 'The testimonial is hidden: the home page no longer shows it.',
	shown: 'The testimonial is shown on the home page again.',
}

export async function loader({ request, context }: Route.LoaderArgs) {
	const viewer = await requireAccess(request, context, 'admin/testimonials')
	const url = new URL(request.url)
	const rows = await allTestimonials(context.db)
	const editing = rows.find((t) => String(t.id) === url.searchParams.get('edit'))
	return {
		role: viewer.role,
		testimonials: rows.map(({ updatedAt: _at, ...row }) => row),
		editing: editing
			? {
					id: editing.id,
					version: editing.version,
					values: {
						text: editing.text,
						name: editing.name,
						place: editing.place,
						rating: String(editing.rating / 2),
						hidden: editing.hidden ? 'yes' : '',
					},
				}
			: null,
		message: DONE[url.searchParams.get('done') ?? ''],
	}
}

export async function action({ request, context }: Route.ActionArgs) {
	return testimonialAction(request, context)
}

export default function AdminTestimonials({ loaderData, actionData }: Route.ComponentProps) {
	const { testimonials, editing, message } = loaderData
	const fieldErrors = actionData?.fieldErrors ?? {}
	const formError =
		actionData?.error && Object.keys(fieldErrors).length === 0 ? actionData.error : null
	return (
		<>
			<PageHeader
				title="Testimonials"
				intro="Shown on the home page in this order; hidden ones are kept but not shown."
			/>
			<div className="container-page py-10">
				<AdminNav role={loaderData.role} />
				{message && !actionData ? <Notice kind="done">{message}</Notice> : null}
				{formError ? <Notice kind="refused">{formError}</Notice> : null}
				<TestimonialForm
					key={editing ? `${editing.id}-${editing.version}` : `new-${testimonials.length}`}
					editing={editing}
					values={Object.keys(fieldErrors).length ? actionData?.values : undefined}
					serverErrors={actionData?.fieldErrors}
				/>
				<h2 className="mt-10 font-display text-2xl font-bold text-pond-900">
					{testimonials.length} {testimonials.length === 1 ? 'testimonial' : 'testimonials'}
				</h2>
				<ol className="mt-3 space-y-3">
					{testimonials.map((t, i) => (
						<li
							key={t.id}
							data-testimonial={t.id}
							className={cn(
								'rounded-xl p-4 ring-1 ring-slate-200',
								t.hidden ? 'bg-slate-50' : 'bg-white',
							)}
						>
							<div className="flex flex-wrap items-center gap-3">
								<Rating value={t.rating / 2} />
								<span className="font-semibold text-pond-900">{authorOf(t)}</span>
								{t.hidden ? (
									<span className="rounded-full bg-amber-100 px-3 py-1 text-sm font-semibold text-amber-900">
										{awaitingApproval(t) ? `Awaiting approval (${t.updatedBy})` : 'Hidden'}
									</span>
								) : null}
							</div>
							<p className="mt-2 line-clamp-3 break-words text-slate-700">{t.text}</p>
							<div className="mt-3 flex flex-wrap gap-2">
								<Link
									to={`/admin/testimonials?edit=${t.id}#testimonial-form`}
									className="btn-secondary min-h-11 px-3 py-1.5 text-sm"
								>
									<span>
										Edit<span className="sr-only">: the testimonial from {authorOf(t)}</span>
									</span>
								</Link>
								<RowButton intent="up" t={t} disabled={i === 0} label="Up" />
								<RowButton
									intent="down"
									t={t}
									disabled={i === testimonials.length - 1}
									label="Down"
								/>
								<RowButton
									intent={t.hidden ? 'show' : 'hide'}
									t={t}
									label={awaitingApproval(t) ? 'Approve and show' : t.hidden ? 'Show' : 'Hide'}
								/>
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
	t,
	disabled,
	label,
}: {
	intent: string
	t: { id: number; version: number; name: string; place: string }
	disabled?: boolean
	label: string
}) {
	return (
		<Form method="post">
			<input type="hidden" name="id" value={t.id} />
			<input type="hidden" name="version" value={t.version} />
			<button
				type="submit"
				name="intent"
				value={intent}
				disabled={disabled}
				className="btn-secondary min-h-11 px-3 py-1.5 text-sm disabled:opacity-40"
			>
				<span>
					{label}
					<span className="sr-only">: the testimonial from {authorOf(t)}</span>
				</span>
			</button>
		</Form>
	)
}
