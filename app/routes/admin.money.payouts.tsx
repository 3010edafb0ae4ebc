import { Link } from 'react-router'
import { requireAccess } from '~/.server/auth/guards'
import { payoutsPage } from '~/.server/books/payouts'
import { waitingRequests } from '~/.server/orders/after-sale/staff-requests'
import { AdminNav } from '~/components/admin/admin-nav'
import { Notice } from '~/components/admin/notices'
import { PayoutCard } from '~/components/books/payout-card'
import { PageHeader } from '~/components/content/page-header'
import type { BreadcrumbHandle } from '~/components/layout/breadcrumbs'
import { PayoutPageSchema } from '~/lib/books/payouts'
import { pageMeta } from '~/lib/seo'
import type { Route } from './+types/admin.money.payouts'

export const handle: BreadcrumbHandle = {
	breadcrumb: () => [
		{ label: 'Admin', to: '/admin' },
		{ label: 'Money', to: '/admin/money' },
		{ label: 'Payouts', to: '/admin/money/payouts' },
	],
}

export const meta: Route.MetaFunction = (args) =>
	pageMeta(args, {
		title: 'Payouts · Money · Admin',
		description: 'Stripe’s payouts to the bank, with the orders, refunds and fees in each.',
		noindex: true,
	})

/**
 * GET /admin/money/payouts?after=po_…|before=po_…: a page of Stripe's payouts, each matched to
 * the shop's orders and refunds (issue 61 item 4). Read live from Stripe; its errors are a message.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
	const viewer = await requireAccess(request, context, 'admin/money/payouts')
	const query = Object.fromEntries(new URL(request.url).searchParams)
	const page = PayoutPageSchema.parse(query)
	const [payouts, requestsWaiting] = await Promise.all([
		payoutsPage(context.db, context.payments, page, (error) =>
			context.logger.warn({ err: error }, 'payouts: Stripe did not answer'),
		),
		waitingRequests(context.db),
	])
	return { role: viewer.role, payouts, requestsWaiting }
}

export default function AdminPayouts({ loaderData }: Route.ComponentProps) {
	const { payouts } = loaderData
	return (
		<>
			<PageHeader
				title="Payouts"
				intro="Each payout Stripe made to the business’s bank account, with the orders and refunds in it and Stripe’s fees: match each one to the bank statement by its amount and date."
			/>
			<div className="container-page py-10">
				<AdminNav role={loaderData.role} requestsWaiting={loaderData.requestsWaiting} />
				<p className="mb-6">
					<Link to="/admin/money" className="font-semibold text-pond-700 underline">
						Back to the money report
					</Link>
				</p>
				{payouts.kind === 'no-payouts' ? (
					<p className="rounded-lg bg-slate-50 px-4 py-3 text-slate-800" data-testid="no-payouts">
						Payouts come from Stripe. This shop takes test payments (no Stripe keys are set), so no
						money is taken or paid out and there are no payouts to show.
					</p>
				) : payouts.kind === 'failed' ? (
					<Notice kind="refused">{payouts.message}</Notice>
				) : (
					<>
						{payouts.payouts.length === 0 ? (
							<p className="text-slate-700">Stripe has made no payouts here yet.</p>
						) : (
							payouts.payouts.map((payout) => <PayoutCard key={payout.id} payout={payout} />)
						)}
						<PayoutPaging
							older={payouts.hasOlder ? payouts.payouts.at(-1)?.id : undefined}
							newer={payouts.hasNewer ? payouts.payouts[0]?.id : undefined}
						/>
					</>
				)}
			</div>
		</>
	)
}

function PayoutPaging({ older, newer }: { older?: string; newer?: string }) {
	if (!older && !newer) return null
	return (
		<nav aria-label="More payouts" className="flex flex-wrap gap-6">
			{newer ? (
				<Link to={`?before=${newer}`} className="font-semibold text-pond-700 underline">
					Newer payouts
				</Link>
			) : null}
			{older ? (
				<Link to={`?after=${older}`} className="font-semibold text-pond-700 underline">
					Older payouts
				</Link>
			) : null}
		</nav>
	)
}
