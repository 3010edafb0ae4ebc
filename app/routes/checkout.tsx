import { useEffect, useState } from 'react'
import { data, Form, redirect, useNavigate, useNavigation } from 'react-router'
import { getSessionUser } from '~/.server/auth/guards'
import { getProfile } from '~/.server/auth/profile'
import { readForm } from '~/.server/http/read-body'
import { afterOrderPlaced } from '~/.server/orders/actions/instant-quote'
import { orderDeps } from '~/.server/orders/lifecycle/deps'
import { orderQuota } from '~/.server/orders/placement/order-quota'
import { placeOrder } from '~/.server/orders/placement/place-order'
import { CHECKOUT_FIELDS, DeliveryFields } from '~/components/account/delivery-fields'
import { estimatePostcode } from '~/components/cart/estimate-postcode'
import { useCheckedCart } from '~/components/cart/use-checked-cart'
import { CheckoutSteps } from '~/components/checkout/checkout-steps'
import { CheckoutSummary } from '~/components/checkout/order-summary'
import { SiteAccessFields } from '~/components/checkout/site-access-fields'
import { PageHeader } from '~/components/content/page-header'
import { ErrorSummary } from '~/components/forms/error-summary'
import { useFormErrors } from '~/components/forms/use-form-errors'
import type { BreadcrumbHandle } from '~/components/layout/breadcrumbs'
import { CheckoutFormSchema } from '~/lib/checkout-schema'
import { type FieldErrors, parseForm } from '~/lib/forms'
import { pageMeta } from '~/lib/seo'
import type { Route } from './+types/checkout'

export const handle: BreadcrumbHandle = {
	breadcrumb: () => [
		{ label: 'Shopping Cart', to: '/cart' },
		{ label: 'Delivery Information', to: '/checkout' },
	],
}

export const meta: Route.MetaFunction = (args) =>
	pageMeta(args, {
		title: 'Checkout: Delivery',
		description: 'Tell us where to deliver your order.',
		noindex: true,
	})

const PLACE_ORDER_FAILED = 'Failed to place your order. Please try again.'

export async function loader({ request, context }: Route.LoaderArgs) {
	const user = await getSessionUser(request, context)
	if (!user) throw redirect('/checkout-auth?redirectTo=/checkout')
	const profile = await getProfile(context.db, user.id)
	return {
		prefill: {
			firstName: profile?.firstName ?? '',
			lastName: profile?.lastName ?? '',
			address1: profile?.address1 ?? '',
			address2: profile?.address2 ?? '',
			city: profile?.city ?? '',
			postcode: profile?.postcode ?? '',
			phone: profile?.phone ?? '',
			// Spec: the form prefills from the stored profile, which holds the account's email.
			email: profile?.email ?? user.email,
		},
		siteAccess: profile?.siteAccess ?? null,
		// One key per visit to the page: a double click or a retried POST places one order.
		idempotencyKey: globalThis.crypto.randomUUID(),
	}
}

export async function action({ request, context }: Route.ActionArgs) {
	const user = await getSessionUser(request, context)
	if (!user) throw redirect('/checkout-auth?redirectTo=/checkout')
	const form = parseForm(CheckoutFormSchema, await readForm(request))
	if (!form.ok) {
		const { cart, idempotencyKey, saveToProfile, ...fields } = form.fieldErrors
		const message = cart ?? idempotencyKey ?? saveToProfile ?? 'Please check your delivery details.'
		return data({ message, fieldErrors: fields }, { status: 400 })
	}
	const {
		cart,
		idempotencyKey,
		saveToProfile,
		lorryAccess,
		gateWidthCm,
		tailLift,
		...deliveryInfo
	} = form.data
	try {
		const deps = orderDeps(context)
		const result = await placeOrder(
			deps,
			user,
			{
				cartItems: cart,
				deliveryInfo,
				idempotencyKey,
				saveToProfile,
				siteAccess: { lorryAccess, gateWidthCm, tailLift },
			},
			orderQuota(context, user.id),
		)
		if (result.ok) {
			context.logger.info({ orderId: result.orderId, replayed: result.replayed }, 'order placed')
			await afterOrderPlaced(deps, context.logger, result)
			return redirect(`/order-confirmation?order=${result.orderId}`)
		}
		return data(
			{ message: result.message, fieldErrors: result.fieldErrors ?? {} },
			{ status: result.status === 'RESOURCE_EXHAUSTED' ? 429 : 400 },
		)
	} catch (error) {
		context.logger.error({ err: error }, 'order placement failed')
		return data({ message: PLACE_ORDER_FAILED, fieldErrors: {} as FieldErrors }, { status: 500 })
	}
}

/** The id of each checkout field's input, for the error summary's links. */
const checkoutFieldId = (name: string) =>
	name === 'gateWidthCm' ? 'gate-width' : `delivery-${name}`

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
	// The summary shows the prices the server confirmed (issue 34 item 6), as the order will use.
	const { items, hydrated } = useCheckedCart()
	const navigate = useNavigate()
	const navigation = useNavigation()
	const submitting = navigation.state !== 'idle' && navigation.formAction === '/checkout'
	const form = useFormErrors(CheckoutFormSchema, actionData?.fieldErrors)
	// The delivery estimate beside the form follows the postcode (a saved one to start with).
	const [postcode, setPostcode] = useState(loaderData.prefill.postcode)
	// No saved address: start from the postcode the cart estimated to, if any.
	useEffect(() => {
		const input = document.getElementById(checkoutFieldId('postcode')) as HTMLInputElement | null
		const estimated = estimatePostcode()
		if (!input || input.value || !estimated) return
		input.value = estimated
		setPostcode(estimated)
	}, [])

	// Spec: an empty cart has nothing to check out.
	useEffect(() => {
		if (hydrated && items.length === 0 && navigation.state === 'idle')
			navigate('/cart', { replace: true })
	}, [hydrated, items.length, navigate, navigation.state])

	const cartJson = JSON.stringify(
		items.map(({ id, quantity, selectedSize, selectedOption, code }) => ({
			id,
			quantity,
			selectedSize,
			selectedOption,
			code,
		})),
	)
	return (
		<>
			<PageHeader title="Delivery Information" />
			<div className="container-page py-10">
				<CheckoutSteps current={2} />
				{/* Fields, then the totals with the delivery estimate, then the button: in that order on a
				    phone (issue 62 item 6) and for a screen reader; the summary beside them on a wide screen. */}
				<div className="grid gap-10 lg:grid-cols-[1fr_22rem] lg:gap-y-6">
					<Form
						id="checkout-form"
						method="post"
						noValidate
						className="space-y-6 lg:col-start-1 lg:row-start-1"
						onSubmit={form.onSubmit}
						onChange={(event) => {
							const field = event.target as unknown as HTMLInputElement
							if (field.name === 'postcode') setPostcode(field.value)
						}}
					>
						{actionData?.message ? (
							<p role="alert" className="rounded-lg bg-red-50 px-4 py-3 font-medium text-red-800">
								{actionData.message}
							</p>
						) : null}
						<ErrorSummary errors={form.errors} idFor={checkoutFieldId} attempt={form.attempt} />
						<input type="hidden" name="cart" value={cartJson} />
						<input type="hidden" name="idempotencyKey" value={loaderData.idempotencyKey} />
						<DeliveryFields
							fields={CHECKOUT_FIELDS}
							values={loaderData.prefill}
							errors={form.errors}
							onEdit={form.clear}
						/>
						<div>
							<label
								htmlFor="delivery-notes"
								className="block text-sm font-semibold text-slate-800"
							>
								Delivery notes <span className="font-normal text-slate-600">(optional)</span>
							</label>
							<textarea
								id="delivery-notes"
								name="notes"
								rows={3}
								maxLength={1000}
								className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-base"
							/>
						</div>
						<SiteAccessFields
							values={loaderData.siteAccess}
							errors={form.errors}
							onEdit={form.clear}
						/>
						<label className="flex items-center gap-3 text-slate-800">
							<input type="checkbox" name="saveToProfile" className="size-5 accent-pond-700" />
							Save this information to my profile for later orders
						</label>
					</Form>
					<CheckoutSummary
						items={items}
						postcode={postcode}
						className="lg:col-start-2 lg:row-span-2 lg:row-start-1"
					/>
					<div className="space-y-3 lg:col-start-1 lg:row-start-2">
						<button
							type="submit"
							form="checkout-form"
							className="btn-primary w-full sm:w-auto"
							disabled={submitting || !hydrated || items.length === 0}
						>
							{submitting ? 'Placing your order…' : 'Place Order Request'}
						</button>
						<p className="text-sm text-slate-600">
							Nothing is charged now: we confirm the delivery cost with you first.
						</p>
					</div>
				</div>
			</div>
		</>
	)
}
