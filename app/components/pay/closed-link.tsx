import { CheckCircle2 } from 'lucide-react'
import { Form, Link, useNavigation } from 'react-router'
import { useBusiness } from '~/components/layout/use-business'
import { formatDateTime } from '~/lib/dates'
import { formatPence } from '~/lib/money'
import { payOrderPath } from '~/lib/order-link-paths'

/** Why a link no longer takes money, beyond 'paid' and 'expired' (issue 31 item 2). */
export type InactiveReason = 'cancelled' | 'superseded' | 'requoting' | 'withdrawn'

export type ClosedLinkPage = {
	state: 'paid' | 'expired' | 'ending' | 'inactive'
	/** For 'inactive': which of the cases it is. */
	reason: InactiveReason
	/** For 'expired': the customer may ask for a new quote from this page. */
	canAskAgain: boolean
	orderId: string
	amountPence: number
	heldUntil: string | null
	justPaid: boolean
}

/** The page of a link that cannot be paid now: each case in its own words, with what to do next. */
export function ClosedLink({
	page,
	token,
	error,
}: {
	page: ClosedLinkPage
	/** The payment link's token: 'View your order' posts to /pay/<token>/order. */
	token: string
	error?: string
}) {
	const business = useBusiness()
	const orderAction = payOrderPath(token)
	const contact = `call ${business.phone} (${business.hoursShort})`
	if (page.state === 'paid')
		return (
			<Notice
				title={page.justPaid ? 'Payment received' : 'Already paid'}
				orderAction={orderAction}
				ok
			>
				{page.justPaid
					? `Thank you: we have received your payment of ${formatPence(page.amountPence)} for order ${page.orderId}. A receipt is on its way by email, with a private link to your order, and we will be in touch to arrange delivery.`
					: `Order ${page.orderId} has already been paid. Thank you!`}
			</Notice>
		)
	if (page.state === 'expired' || page.state === 'ending') {
		const held = page.heldUntil ? formatDateTime(page.heldUntil) : ''
		return (
			<Notice
				title={
					page.state === 'expired' ? 'This quote has expired' : 'This quote has almost expired'
				}
				orderAction={orderAction}
				action={page.state === 'expired' && page.canAskAgain ? <AskAgain error={error} /> : null}
			>
				{page.state === 'expired'
					? `The price for order ${page.orderId} was held until ${held}, so this link no longer takes payment and nothing has been charged. Ask for a new quote and we will confirm the delivery cost again, normally within one working day.`
					: `The price for order ${page.orderId} is held until ${held}, too soon to open a secure card payment. We will confirm a fresh price with you and send a new payment link; if you would like it sooner, ${contact}.`}
			</Notice>
		)
	}
	const text: Record<InactiveReason, [string, string]> = {
		requoting: [
			'A new quote is on its way',
			`You asked for a new quote for order ${page.orderId}. We will email the delivery cost and a new payment link, normally within one working day.`,
		],
		cancelled: [
			'This order has been cancelled',
			`Order ${page.orderId} has been cancelled, so this link no longer takes payment. If that is a surprise, ${contact}.`,
		],
		superseded: [
			'This payment link has been replaced',
			`We sent a newer quote for order ${page.orderId}, with its own payment link: please use the most recent email from us. If you cannot find it, ${contact}.`,
		],
		withdrawn: [
			'This payment link is no longer active',
			`The price or status of order ${page.orderId} has changed since this link was sent. Please use the most recent link we emailed you, or ${contact} quoting your order number.`,
		],
	}
	const [title, body] = text[page.reason]
	return (
		<Notice title={title} orderAction={orderAction}>
			{body}
		</Notice>
	)
}

function AskAgain({ error }: { error?: string }) {
	const busy = useNavigation().state !== 'idle'
	return (
		<Form method="post" className="w-full">
			<input type="hidden" name="intent" value="new-quote" />
			{error ? (
				<p role="alert" className="mb-4 rounded-lg bg-red-50 px-4 py-3 font-medium text-red-800">
					{error}
				</p>
			) : null}
			<button type="submit" className="btn-primary" disabled={busy}>
				{busy ? 'Sending…' : 'Ask for a new quote'}
			</button>
		</Form>
	)
}

function Notice({
	title,
	orderAction,
	ok,
	action,
	children,
}: {
	title: string
	orderAction: string
	ok?: boolean
	action?: React.ReactNode
	children: React.ReactNode
}) {
	return (
		<div className="container-page max-w-2xl py-20 text-center">
			{ok ? <CheckCircle2 aria-hidden="true" className="mx-auto size-14 text-green-700" /> : null}
			<h1 className="mt-4 font-display text-3xl font-bold text-pond-900">{title}</h1>
			<p className="mt-4 text-lg text-slate-700">{children}</p>
			<div className="mt-8 flex flex-wrap justify-center gap-3">
				{action}
				{/* The order's own page (issue 62 item 1): the press makes a fresh private link to this
				    order for whoever holds the payment link, as the quote email carries both; a visit
				    makes nothing (pay-order-link.ts). */}
				<Form method="post" action={orderAction}>
					<button type="submit" className="btn-secondary">
						View your order
					</button>
				</Form>
				<Link to="/contact" className="btn-secondary">
					Contact us
				</Link>
			</div>
		</div>
	)
}
