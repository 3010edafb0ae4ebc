import { data } from 'react-router'
import { readForm } from '~/.server/http/read-body'
import { requestOrderLink } from '~/.server/orders/pages/order-link-request'
import { PageHeader } from '~/components/content/page-header'
import { OrderLinkRequest } from '~/components/order-page/order-link-request'
import { parseForm } from '~/lib/forms'
import { orderIdInPath } from '~/lib/order-link-paths'
import {
	ORDER_LINK_SENT_MESSAGE,
	ORDER_LINK_TOO_MANY_MESSAGE,
	OrderLinkRequestSchema,
} from '~/lib/order-link-schema'
import { pageMeta } from '~/lib/seo'
import type { Route } from './+types/account.orders.new-link'

/**
 * 'Email me a fresh link to my order' (issue 30 item 1, decision 0021). The same neutral answer
 * whether or not the order number and address match; the link goes only to the order's stored
 * address, through the outbox. Counted per order number and per client address in the database
 * (every instance shares the counts), before anything is looked up.
 */
export const meta: Route.MetaFunction = (args) =>
	pageMeta(args, {
		title: 'Get a link to your order',
		description: 'We email a fresh link to your order to the address you gave with it.',
		noindex: true,
	})

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' })

/** The order number from a lost link's page (`?order=`), to fill in; only a well-formed one. */
export function loader({ request }: Route.LoaderArgs) {
	const order = new URL(request.url).searchParams.get('order') ?? ''
	return { orderId: orderIdInPath(`/account/orders/${order}`) }
}

export async function action({ request, context }: Route.ActionArgs) {
	const form = parseForm(OrderLinkRequestSchema, await readForm(request))
	if (!form.ok) return data({ fieldErrors: form.fieldErrors }, { status: 400 })
	const { orderId, email } = form.data
	const outcome = await requestOrderLink(context.db, { orderId, email }, context.clientIp)
	if (outcome === 'address-limited')
		return data({ error: ORDER_LINK_TOO_MANY_MESSAGE }, { status: 429 })
	// Which answer it was stays in the log only, with the order number and no address.
	context.logger.info({ orderId, outcome }, 'order link asked for')
	return data({ message: ORDER_LINK_SENT_MESSAGE })
}

export default function OrderLinkPage({ loaderData, actionData }: Route.ComponentProps) {
	return (
		<>
			<PageHeader title="Get a link to your order" />
			<div className="container-page pb-16">
				<OrderLinkRequest answer={actionData} orderId={loaderData.orderId} />
			</div>
		</>
	)
}
