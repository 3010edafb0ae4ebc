import { X } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { data, Form, Link, useLocation, useNavigate } from 'react-router'
import { requireAdmin } from '~/.server/auth/guards'
import { suggestionForOrder } from '~/.server/delivery/suggestion'
import { readForm } from '~/.server/http/read-body'
import {
	type AdminResult,
	cancelOrder,
	markDelivered,
	markPaid,
	markShipped,
	setDeliveryCost,
	uncancelOrder,
} from '~/.server/orders/admin-actions'
import { getAdminOrder } from '~/.server/orders/admin-orders'
import { isQuoteExpired } from '~/.server/orders/apply-payment'
import { orderDeps } from '~/.server/orders/deps'
import { checkPaymentStatus, resolvePaymentAlert } from '~/.server/orders/payment-checks'
import {
	type AdminOrderView,
	CustomerInfo,
	OrderInfo,
	OrderLines,
	Timeline,
} from '~/components/admin/order-detail'
import {
	DeliveryCostForm,
	FulfilmentForms,
	Hidden,
	usePending,
} from '~/components/admin/order-forms'
import { PaymentAlert, PaymentCheck } from '~/components/admin/payment-forms'
import {
	DeliveryCostSchema,
	MarkPaidSchema,
	MarkShippedSchema,
	ORDER_INTENTS,
	type OrderIntent,
	ResolvePaymentAlertSchema,
	VersionOnlySchema,
} from '~/lib/admin-order-schemas'
import { cn } from '~/lib/cn'
import { type FieldErrors, parseForm } from '~/lib/forms'
import { formatPence } from '~/lib/money'
import { pageMeta } from '~/lib/seo'
import type { Route } from './+types/admin.orders.$orderId'

export const meta: Route.MetaFunction = (args) =>
	pageMeta(args, {
		title: `Order ${args.params.orderId} · Admin`,
		description: 'Order details.',
		noindex: true,
	})

export async function loader({ request, context, params }: Route.LoaderArgs) {
	await requireAdmin(request, context)
	try {
		const found = await getAdminOrder(context.db, params.orderId)
		if (!found) return data({ state: 'not-found' as const }, { status: 404 })
		const { order, events } = found
		const view: AdminOrderView = {
			...order,
			createdAt: new Date(order.createdAt).toISOString(),
			updatedAt: new Date(order.updatedAt).toISOString(),
			quoteExpiresAt: order.quoteExpiresAt ? new Date(order.quoteExpiresAt).toISOString() : null,
			quoteExpired: order.status === 'payment_pending' && isQuoteExpired(order, new Date()),
		}
		const suggestion = ['pending', 'delivery_confirmed', 'payment_pending'].includes(order.status)
			? await suggestionForOrder(context.db, context.catalog, order)
			: null
		return { state: 'found' as const, order: view, events, suggestion }
	} catch (error) {
		context.logger.error({ err: (error as Error).message }, 'admin order load failed')
		return data({ state: 'error' as const }, { status: 500 })
	}
}

type ActionData = {
	ok: boolean
	message?: string
	tone?: 'success' | 'warning' | 'error'
	fieldErrors?: FieldErrors
	/** A change that needs a second, explicit yes (spec: 'Confirm Price Update', cancel). */
	confirm?: 'price-update' | 'cancel'
	values?: { deliveryCost: string; adminNotes: string; suggestion: string }
}

const FAILED: Partial<Record<OrderIntent, string>> = {
	'set-delivery-cost': 'Failed to update order',
	cancel: 'Failed to cancel order',
	uncancel: 'Failed to uncancel order',
}

export async function action({ request, context, params }: Route.ActionArgs) {
	const admin = await requireAdmin(request, context)
	const form = await readForm(request)
	const intent = String(form.get('intent')) as OrderIntent
	if (!ORDER_INTENTS.includes(intent))
		return data<ActionData>(
			{ ok: false, message: 'Unknown action.', tone: 'error' },
			{ status: 400 },
		)
	const deps = orderDeps(context)
	const target = (version: number) => ({
		orderId: params.orderId,
		actor: { kind: 'admin' as const, id: admin.id },
		expectedVersion: version,
	})
	const reply = (result: AdminResult) =>
		result.ok
			? data<ActionData>({ ok: true, message: result.message, tone: result.tone })
			: data<ActionData>(
					{ ok: false, message: result.message, tone: 'error' },
					{ status: { NOT_FOUND: 404, ABORTED: 409, INVALID_ARGUMENT: 400 }[result.status] },
				)
	const invalid = (fieldErrors: FieldErrors, formError: string) =>
		data<ActionData>({ ok: false, message: formError, tone: 'error', fieldErrors }, { status: 400 })
	try {
		if (intent === 'set-delivery-cost') {
			const parsed = parseForm(DeliveryCostSchema, form)
			if (!parsed.ok) return invalid(parsed.fieldErrors, parsed.formError)
			const { version, deliveryCost, adminNotes, confirmReplace, suggestion } = parsed.data
			const result = await setDeliveryCost(deps, target(version), {
				deliveryCostPence: deliveryCost,
				adminNotes,
				confirmReplace,
				suggestion,
			})
			if (!result.ok && result.code === 'needs_confirmation')
				return data<ActionData>({
					ok: false,
					confirm: 'price-update',
					values: { deliveryCost: String(form.get('deliveryCost')), adminNotes, suggestion },
				})
			return reply(result)
		}
		if (intent === 'mark-paid') {
			const parsed = parseForm(MarkPaidSchema, form)
			if (!parsed.ok) return invalid(parsed.fieldErrors, parsed.formError)
			return reply(await markPaid(deps, target(parsed.data.version), parsed.data))
		}
		if (intent === 'mark-shipped') {
			const parsed = parseForm(MarkShippedSchema, form)
			if (!parsed.ok) return invalid(parsed.fieldErrors, parsed.formError)
			return reply(await markShipped(deps, target(parsed.data.version), parsed.data))
		}
		if (intent === 'check-payment') {
			const { ok, tone, message } = await checkPaymentStatus(deps, params.orderId)
			return data<ActionData>({ ok, tone, message })
		}
		if (intent === 'resolve-payment-alert') {
			const parsed = parseForm(ResolvePaymentAlertSchema, form)
			if (!parsed.ok) return invalid(parsed.fieldErrors, parsed.formError)
			const result = await resolvePaymentAlert(deps, target(parsed.data.version), parsed.data.note)
			return data<ActionData>(result, { status: result.ok ? 200 : 409 })
		}
		const parsed = parseForm(VersionOnlySchema, form)
		if (!parsed.ok) return invalid(parsed.fieldErrors, parsed.formError)
		const { version } = parsed.data
		if (intent === 'cancel') {
			if (form.get('confirmed') !== 'yes') return data<ActionData>({ ok: false, confirm: 'cancel' })
			return reply(await cancelOrder(deps, target(version)))
		}
		if (intent === 'uncancel') return reply(await uncancelOrder(deps, target(version)))
		return reply(await markDelivered(deps, target(version)))
	} catch (error) {
		context.logger.error({ err: (error as Error).message, intent }, 'admin order action failed')
		return data<ActionData>(
			{ ok: false, message: FAILED[intent] ?? 'An unexpected error occurred', tone: 'error' },
			{ status: 500 },
		)
	}
}

export default function AdminOrder({ loaderData, actionData, params }: Route.ComponentProps) {
	const navigate = useNavigate()
	const { search } = useLocation()
	const changed = useRef(false)
	if (actionData?.ok) changed.current = true
	const close = () =>
		navigate(`/admin${search}`, {
			preventScrollReset: true,
			state: changed.current ? { updated: params.orderId } : null,
		})
	if (loaderData.state !== 'found') {
		const [title, text] =
			loaderData.state === 'not-found'
				? ['Order Not Found', 'The requested order could not be found.']
				: ['Failed to load order details', 'Please close this and try again.']
		return (
			<ModalShell
				title={title}
				orderId={params.orderId}
				onClose={close}
				closeHref={`/admin${search}`}
			>
				<p className="text-slate-700">{text}</p>
			</ModalShell>
		)
	}
	const { order, events, suggestion } = loaderData
	return (
		<ModalShell
			title={`Order ${order.id}`}
			orderId={order.id}
			onClose={close}
			closeHref={`/admin${search}`}
			footer={<ModalFooter order={order} />}
			feedback={<Feedback data={actionData} />}
		>
			{actionData?.confirm ? <Confirmation data={actionData} order={order} /> : null}
			{order.paymentAlert ? <PaymentAlert order={order} /> : null}
			<div className="grid gap-8 lg:grid-cols-2">
				<OrderInfo order={order} />
				<CustomerInfo delivery={order.deliveryInfo} siteAccess={order.siteAccess} />
			</div>
			<OrderLines order={order} />
			<div className="grid gap-8 lg:grid-cols-2">
				<div className="space-y-6">
					{order.status === 'cancelled' ? (
						<p className="rounded-xl bg-slate-100 p-4 text-slate-800">
							This order is cancelled: uncancel it to change the delivery cost.
						</p>
					) : ['pending', 'delivery_confirmed', 'payment_pending'].includes(order.status) ? (
						<DeliveryCostForm
							key={order.version}
							order={order}
							suggestion={suggestion}
							fieldErrors={actionData?.fieldErrors}
						/>
					) : null}
					{order.status === 'payment_pending' ? <PaymentCheck order={order} /> : null}
					<FulfilmentForms key={`f${order.version}`} order={order} />
				</div>
				<Timeline events={events} />
			</div>
		</ModalShell>
	)
}

function Feedback({ data }: { data: ActionData | undefined }) {
	if (!data?.message) return null
	const tone = data.tone ?? (data.ok ? 'success' : 'error')
	return (
		<p
			role={tone === 'error' ? 'alert' : 'status'}
			className={cn(
				'rounded-lg px-4 py-3 font-medium',
				tone === 'success' && 'bg-green-50 text-green-900',
				tone === 'warning' && 'bg-amber-50 text-amber-900',
				tone === 'error' && 'bg-red-50 text-red-800',
			)}
		>
			{data.message}
		</p>
	)
}

/** The second step of a price update or a cancellation; it works without JavaScript too. */
function Confirmation({ data, order }: { data: ActionData; order: AdminOrderView }) {
	const [dismissed, setDismissed] = useState(false)
	const ref = useRef<HTMLDivElement>(null)
	// biome-ignore lint/correctness/useExhaustiveDependencies: each new answer asks again
	useEffect(() => {
		setDismissed(false)
		ref.current?.focus()
	}, [data])
	if (dismissed) return null
	const price = data.confirm === 'price-update'
	const refund = !price && order.status === 'paid'
	return (
		<div
			ref={ref}
			role="alertdialog"
			aria-modal="false"
			aria-labelledby="confirm-title"
			aria-describedby="confirm-text"
			tabIndex={-1}
			className="rounded-xl border-2 border-koi-700 bg-koi-400/10 p-4"
		>
			<h3 id="confirm-title" className="font-display text-lg font-bold text-pond-900">
				{price
					? 'Confirm Price Update'
					: refund
						? 'Cancel and refund this order?'
						: 'Cancel this order?'}
			</h3>
			<p id="confirm-text" className="mt-1 text-slate-800">
				{price
					? `The current payment link will stop working and the customer will be emailed a new link for the new total (delivery £${Number(data.values?.deliveryCost ?? 0).toFixed(2)}).`
					: refund
						? `${formatPence(order.totalCostPence ?? 0)} will be refunded in full to the customer's card, the order will be cancelled, and the customer will be emailed.`
						: 'The order will be cancelled, any payment link will stop working, and the customer will be emailed.'}
			</p>
			<Form method="post" className="mt-3 flex flex-wrap gap-3">
				{price ? (
					<>
						<Hidden intent="set-delivery-cost" order={order} />
						<input type="hidden" name="deliveryCost" value={data.values?.deliveryCost ?? ''} />
						<input type="hidden" name="adminNotes" value={data.values?.adminNotes ?? ''} />
						<input type="hidden" name="suggestion" value={data.values?.suggestion ?? ''} />
						<input type="hidden" name="confirmReplace" value="yes" />
					</>
				) : (
					<>
						<Hidden intent="cancel" order={order} />
						<input type="hidden" name="confirmed" value="yes" />
					</>
				)}
				<ConfirmButton intent={price ? 'set-delivery-cost' : 'cancel'}>
					{price ? 'Confirm Price Update' : refund ? 'Yes, cancel and refund' : 'Yes, cancel order'}
				</ConfirmButton>
				<button type="button" className="btn-secondary" onClick={() => setDismissed(true)}>
					{price ? 'Keep current price' : 'Keep order'}
				</button>
			</Form>
		</div>
	)
}

function ConfirmButton({ intent, children }: { intent: OrderIntent; children: React.ReactNode }) {
	const pending = usePending(intent)
	return (
		<button type="submit" className="btn-primary" disabled={pending}>
			{pending ? 'Saving…' : children}
		</button>
	)
}

function ModalFooter({ order }: { order: AdminOrderView }) {
	const cancelling = usePending('cancel')
	const uncancelling = usePending('uncancel')
	if (order.status === 'cancelled') {
		return (
			<Form method="post">
				<Hidden intent="uncancel" order={order} />
				<button type="submit" className="btn-primary" disabled={uncancelling}>
					{uncancelling ? 'Saving…' : 'Uncancel Order'}
				</button>
			</Form>
		)
	}
	if (!['pending', 'delivery_confirmed', 'payment_pending', 'paid'].includes(order.status))
		return null
	return (
		<Form method="post">
			<Hidden intent="cancel" order={order} />
			<button
				type="submit"
				className="btn border-2 border-red-700 bg-white text-red-800 hover:bg-red-50"
				disabled={cancelling}
			>
				{order.status === 'paid' ? 'Cancel and refund' : 'Cancel Order'}
			</button>
		</Form>
	)
}

/**
 * The modal: a native <dialog> shown with showModal() once hydrated (the browser traps focus and
 * makes the list inert; Escape closes it); rendered open on the server so it works without JS.
 */
function ModalShell({
	title,
	orderId,
	onClose,
	closeHref,
	footer,
	feedback,
	children,
}: {
	title: string
	orderId: string
	onClose: () => void
	closeHref: string
	footer?: React.ReactNode
	/** Messages stay in the sticky header, in view wherever the modal is scrolled. */
	feedback?: React.ReactNode
	children: React.ReactNode
}) {
	const ref = useRef<HTMLDialogElement>(null)
	useEffect(() => {
		const dialog = ref.current
		const opener = document.activeElement as HTMLElement | null
		const { overflow } = document.body.style
		document.body.style.overflow = 'hidden'
		if (dialog?.open) dialog.close()
		dialog?.showModal()
		return () => {
			document.body.style.overflow = overflow
			if (dialog?.open) dialog.close()
			// Back to the row that opened it (or its button when the modal was a direct link).
			const target =
				opener && opener !== document.body && opener.isConnected
					? opener
					: document.querySelector<HTMLElement>(`[data-order-id="${orderId}"] a`)
			target?.focus()
		}
	}, [orderId])
	return (
		<dialog
			ref={ref}
			open
			aria-labelledby="order-modal-title"
			onCancel={(event) => {
				event.preventDefault()
				onClose()
			}}
			className="fixed inset-0 z-50 m-auto h-fit max-h-[calc(100dvh-1rem)] w-[calc(100%-1rem)] max-w-5xl overflow-y-auto rounded-2xl bg-white p-0 shadow-2xl backdrop:bg-slate-900/60"
		>
			<div className="sticky top-0 z-10 border-b border-slate-200 bg-white px-4 py-3 sm:px-6">
				<div className="flex items-center justify-between gap-3">
					<h2
						id="order-modal-title"
						className="font-display text-xl font-bold text-pond-900 sm:text-2xl"
					>
						{title}
					</h2>
					<CloseLink
						href={closeHref}
						onClose={onClose}
						className="rounded-full p-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-pond-600"
					>
						<X aria-hidden="true" className="size-6" />
						<span className="sr-only">Close</span>
					</CloseLink>
				</div>
				{feedback ? <div className="mt-2">{feedback}</div> : null}
			</div>
			<div className="space-y-8 px-4 py-6 sm:px-6">{children}</div>
			<div className="flex flex-wrap justify-end gap-3 border-t border-slate-200 px-4 py-4 sm:px-6">
				{footer}
				<CloseLink href={closeHref} onClose={onClose} className="btn-secondary">
					Close
				</CloseLink>
			</div>
		</dialog>
	)
}

/** Back to the list with its filters: a real link without JavaScript, onClose with it. */
function CloseLink({
	href,
	onClose,
	className,
	children,
}: {
	href: string
	onClose: () => void
	className: string
	children: React.ReactNode
}) {
	return (
		<Link
			to={href}
			preventScrollReset
			onClick={(event) => {
				event.preventDefault()
				onClose()
			}}
			className={className}
		>
			{children}
		</Link>
	)
}
