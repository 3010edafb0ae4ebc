import { data, redirect } from 'react-router'
import {
	findStageLink,
	stageLinkState,
	stagePayer,
	withStagePayments,
} from '~/.server/builds/stage-pay'
import { orderDeps } from '~/.server/orders/lifecycle/deps'
import { reconcilePayments } from '~/.server/orders/payments/reconcile'
import { type RecordOutcome, recordPayment } from '~/.server/orders/payments/record-payment'
import { newTestPaymentId } from '~/.server/payments/test-provider'
import type { Route } from './+types/pay.$token'

/**
 * /pay/<token> for a pond build stage's link (decision 0038), beside the order's: the same rate
 * limits (the route's), the same one-checkout-per-link rule, the same paths for the money (the
 * test provider's press and Stripe's webhook both go through recordPayment).
 */
export type StagePayPage = {
	kind: 'stage'
	state: 'paid' | 'inactive' | 'payable'
	projectId: string
	label: string
	amountPence: number
	dueAt: string | null
	justPaid: boolean
}

export async function stagePayLoader(
	{ params, context, request }: Route.LoaderArgs,
	found: NonNullable<Awaited<ReturnType<typeof findStageLink>>>,
) {
	let state = stageLinkState(found)
	let justPaid = new URL(request.url).searchParams.has('paid')
	if (state === 'payable') {
		// Back from Stripe before its webhook? Ask it first, so nobody pays twice.
		const missed = await reconcilePayments(withStagePayments(orderDeps(context)), {
			linkId: found.link.id,
		}).catch((): RecordOutcome[] => [])
		const again = missed.includes('applied') ? await findStageLink(context.db, params.token) : null
		if (again && stageLinkState(again) === 'paid') [state, justPaid] = ['paid', true]
	}
	const page: StagePayPage = {
		kind: 'stage',
		state,
		projectId: found.project.id,
		label: found.stage.label,
		amountPence: found.link.amountPence,
		dueAt: found.stage.dueAt?.toISOString() ?? null,
		justPaid,
	}
	return data(page, { status: state === 'inactive' ? 410 : 200 })
}

export async function stagePayAction(
	{ params, context }: Route.ActionArgs,
	found: NonNullable<Awaited<ReturnType<typeof findStageLink>>>,
) {
	// Paid (from another tab too) or no longer due: the page itself says which.
	if (stageLinkState(found) !== 'payable') return redirect(`/pay/${params.token}`)
	const deps = withStagePayments(orderDeps(context))
	if (context.payments.name === 'test') {
		const { outcome } = await recordPayment(deps, {
			payment: {
				linkId: found.link.id,
				amountPence: found.link.amountPence,
				provider: 'test',
				providerPaymentId: newTestPaymentId(),
			},
		})
		context.logger.info(
			{ projectId: found.project.id, outcome },
			'build stage paid (test provider)',
		)
		return redirect(`/pay/${params.token}${outcome === 'applied' ? '?paid=1' : ''}`)
	}
	try {
		const checkout = await context.payments.checkout(found.link, stagePayer(found))
		if (checkout.kind === 'redirect') return redirect(checkout.url, 303)
		return redirect(`/pay/${params.token}`)
	} catch (error) {
		context.logger.warn(
			{ err: error, projectId: found.project.id },
			'stage checkout could not be opened',
		)
		return data(
			{
				error:
					'We could not open the secure payment page just now. No payment has been taken and your link still works: please try again in a few minutes.',
			},
			{ status: 503 },
		)
	}
}
