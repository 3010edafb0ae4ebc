import { eq } from 'drizzle-orm'
import type { Db } from '~/.server/db/client'
import { buildProjects, buildStages } from '~/.server/db/schema'
import type { OrderDeps } from '~/.server/orders/lifecycle/deps'
import { findLink } from '~/.server/payments/links'
import type { CheckoutPayer } from '~/.server/payments/provider'
import { applyStagePayment } from './stage-payments'

/**
 * /pay/<token> for a build stage's link (decision 0038): the same page, the same one-checkout-per-
 * link rules as an order's. The token is the credential: the page shows the project number, the
 * stage and its amount, never the customer's details.
 */
export type StageLinkState = 'paid' | 'inactive' | 'payable'

export async function findStageLink(db: Db, token: string) {
	const link = await findLink(db, token)
	if (!link?.buildStageId) return undefined
	const [row] = await db
		.select({ stage: buildStages, project: buildProjects })
		.from(buildStages)
		.innerJoin(buildProjects, eq(buildProjects.id, buildStages.projectId))
		.where(eq(buildStages.id, link.buildStageId))
	return row && { link, ...row }
}

export function stageLinkState(
	found: NonNullable<Awaited<ReturnType<typeof findStageLink>>>,
): StageLinkState {
	const { link, stage, project } = found
	if (link.status === 'paid' || (stage.status === 'paid' && stage.paymentLinkId === link.id))
		return 'paid'
	const on = ['accepted', 'in_progress', 'completed'].includes(project.status)
	return link.status === 'active' && stage.status === 'due' && stage.paymentLinkId === link.id && on
		? 'payable'
		: 'inactive'
}

/** What Stripe's page names: the project and the stage, not the customer. */
export const stagePayer = (
	found: NonNullable<Awaited<ReturnType<typeof findStageLink>>>,
): CheckoutPayer => ({
	id: found.project.id,
	quoteExpiresAt: null,
	deliveryInfo: { email: found.project.email },
	productName: `Pond build ${found.project.id}: ${found.stage.label}`,
})

/** The order deps with the builds' stage applier, for the webhook, /pay and reconciliation. */
export function withStagePayments<T extends OrderDeps>(deps: T): T {
	return {
		...deps,
		stagePayments: (tx, payment) =>
			applyStagePayment(
				tx,
				{
					provider: deps.provider,
					siteUrl: deps.siteUrl,
					vatNumber: deps.vatNumber,
					now: () => deps.now?.() ?? new Date(),
				},
				payment,
			),
	}
}
