import { CheckCircle2 } from 'lucide-react'
import { type ComponentProps, lazy, Suspense } from 'react'
import { data, redirect } from 'react-router'
import { changePassword, reauthenticate, signOut } from '~/.server/auth/account'
import { getSessionUser, requireUser, safeRedirectPath } from '~/.server/auth/guards'
import { getProfile, saveDeliveryDetails } from '~/.server/auth/profile'
import { sessionCacheFor } from '~/.server/auth/session-cache'
import { outboxDirFor, removeEmlFiles } from '~/.server/email/transport'
import { readForm } from '~/.server/http/read-body'
import { listCustomerOrders } from '~/.server/orders/pages/customer-orders'
import { deleteAccount } from '~/.server/privacy/personal-data'
import { AuthForm } from '~/components/auth/auth-form'
import { PageHeader } from '~/components/content/page-header'
import type { BreadcrumbHandle } from '~/components/layout/breadcrumbs'
import {
	ChangePasswordSchema,
	DeleteAccountSchema,
	MESSAGE_FIELDS,
	parseMode,
} from '~/lib/auth-forms'
import { ProfileDeliverySchema } from '~/lib/delivery-schema'
import { type FieldErrors, parseForm } from '~/lib/forms'
import { pageMeta } from '~/lib/seo'
import type { Route } from './+types/auth'
import { handleAuthForm } from './auth-form.server'

// My Account is its own chunk: the sign-in page (most visitors) never loads it. When the session
// hint says signed in, the fetch starts as this module loads, before hydration needs it.
const loadAccountScreens = () => import('~/components/account/account-screens')
const AccountScreens = lazy(loadAccountScreens)
if (typeof document !== 'undefined' && document.documentElement.dataset.session)
	void loadAccountScreens()

export const handle: BreadcrumbHandle = { breadcrumb: () => ({ label: 'Account', to: '/auth' }) }

export const meta: Route.MetaFunction = (args) =>
	pageMeta(args, {
		title: args.data?.account
			? 'My Account'
			: opensAdmin(args.data?.redirectTo)
				? STAFF_SIGN_IN
				: 'Sign In or Register',
		description:
			'Sign in or create an account to place order requests, follow their progress and pay securely.',
		// The sign-in form may be indexed; My Account (never seen by a crawler) is not.
		noindex: Boolean(args.data?.account),
	})

const STAFF_SIGN_IN = 'Sign in to open the admin'
/** Reached from a staff link (an email's order or enquiry): the page says what the sign-in is for. */
const opensAdmin = (redirectTo: string | undefined) => /^\/admin(\/|\?|$)/.test(redirectTo ?? '')

export async function loader({ request, context }: Route.LoaderArgs) {
	const url = new URL(request.url)
	const user = await getSessionUser(request, context)
	// Only a checked same-site path reaches the form (or a redirect); anything else is dropped.
	const redirectTo = safeRedirectPath(url.searchParams.get('redirectTo'), context.env.SITE_URL, '')
	// Already signed in (a staff email link opened in a signed-in browser): straight on.
	if (user && redirectTo) throw redirect(redirectTo)
	if (!user) {
		const notice =
			url.searchParams.get('reset') === 'done'
				? 'Your password has been changed. Please sign in with your new password.'
				: undefined
		return {
			account: null,
			mode: parseMode(url.searchParams.get('mode')),
			redirectTo,
			notice,
		}
	}
	const profile = await getProfile(context.db, user.id)
	if (!profile) return redirect('/')
	const tab = url.searchParams.get('tab') === 'orders' ? ('orders' as const) : ('profile' as const)
	// The order history is read only for the tab that shows it (the tabs are links: each loads).
	let orders: Awaited<ReturnType<typeof listCustomerOrders>> = []
	let ordersError = false
	if (tab === 'orders') {
		try {
			orders = await listCustomerOrders(context.db, user.id)
		} catch (error) {
			context.logger.error({ err: error }, 'order history failed')
			ordersError = true
		}
	}
	return {
		account: {
			email: profile.email,
			details: {
				firstName: profile.firstName,
				lastName: profile.lastName,
				phone: profile.phone,
				address1: profile.address1,
				address2: profile.address2,
				city: profile.city,
				postcode: profile.postcode,
			},
			orders: orders.map((o) => ({
				...o,
				createdAt: o.createdAt.toISOString(),
				quoteExpiresAt: o.quoteExpiresAt ? new Date(o.quoteExpiresAt).toISOString() : null,
			})),
			ordersError,
		},
		tab,
		passwordChanged: url.searchParams.get('password') === 'changed',
		mode: 'signin' as const,
		redirectTo: '',
		notice: undefined,
	}
}

export async function action({ request, context }: Route.ActionArgs) {
	const form = await readForm(request)
	const intent = String(form.get('intent') ?? '')
	if (intent === 'signin' || intent === 'register' || intent === 'reset') {
		const redirectTo = safeRedirectPath(
			String(form.get('redirectTo') ?? ''),
			context.env.SITE_URL,
			'/auth',
		)
		return handleAuthForm(request, context, form, redirectTo)
	}
	const user = await requireUser(request, context)
	if (intent === 'signout') {
		return redirect('/', { headers: await signOut(context, request.headers) })
	}
	if (intent === 'save-details') {
		const parsed = parseForm(ProfileDeliverySchema, form)
		if (!parsed.ok)
			return data({ profileErrors: parsed.fieldErrors, saved: false }, { status: 400 })
		await saveDeliveryDetails(context.db, user.id, parsed.data)
		return { profileErrors: {}, saved: true }
	}
	if (intent === 'change-password') {
		const parsed = parseForm(ChangePasswordSchema, form)
		if (!parsed.ok) return accountFailure('password', parsed.formError, 400, parsed.fieldErrors)
		const { currentPassword, password } = parsed.data
		const result = await changePassword(context, user, currentPassword, password, request.headers)
		if (!result.ok) return accountFailure('password', result.message, result.status)
		// The old session is gone: the page renders again with the new cookie.
		return redirect('/auth?password=changed', { headers: result.headers })
	}
	if (intent === 'delete-account') {
		const parsed = parseForm(DeleteAccountSchema, form)
		if (!parsed.ok) return accountFailure('delete', parsed.formError, 400, parsed.fieldErrors)
		const check = await reauthenticate(context, user, parsed.data.currentPassword)
		if (!check.ok) return accountFailure('delete', check.message, check.status)
		const headers = await signOut(context, request.headers)
		const erased = await deleteAccount(context.db, user.id)
		sessionCacheFor(context.auth).forget({ userId: user.id })
		// Their testimonial left the home page: this instance's cached copy goes now (others' expire).
		if (erased.testimonialShown) context.pageCache.clear()
		await removeEmlFiles(outboxDirFor(context.env.DATA_DIR), erased.emails)
		context.logger.info({ userId: user.id }, 'account deleted')
		return redirect('/?account=deleted', { headers })
	}
	return data({ profileErrors: {}, saved: false }, { status: 400 })
}

/** A failed password change or deletion, shown in the form it came from, on its field if it has one. */
function accountFailure(
	form: 'password' | 'delete',
	message: string,
	status: number,
	fieldErrors: FieldErrors = {},
) {
	const field = Object.keys(fieldErrors)[0] || MESSAGE_FIELDS[message]
	return data(
		{ profileErrors: {}, saved: false, accountError: { form, message, field } },
		{ status },
	)
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
	const { account } = loaderData
	if (!account) {
		const notice = loaderData.notice
			? { mode: 'signin' as const, success: loaderData.notice }
			: undefined
		const result = actionData && 'mode' in actionData ? actionData : notice
		return (
			<>
				{opensAdmin(loaderData.redirectTo) ? (
					<PageHeader
						title={STAFF_SIGN_IN}
						intro="This page is for the shop's staff: sign in with your staff account to go on to it."
					/>
				) : (
					<PageHeader
						title="Sign In or Register"
						intro="An account lets you place order requests, follow them and pay securely."
					/>
				)}
				<div className="container-page grid gap-10 py-12 lg:grid-cols-[1fr_22rem]">
					<AuthForm
						mode={loaderData.mode}
						result={result}
						path="/auth"
						redirectTo={loaderData.redirectTo || undefined}
					/>
					<AccountBenefits />
				</div>
			</>
		)
	}
	const profileResult = actionData && 'profileErrors' in actionData ? actionData : undefined
	return (
		<>
			<PageHeader title="My Account" />
			<Suspense fallback={<AccountLoading />}>
				<AccountScreens
					account={account}
					tab={loaderData.tab}
					passwordChanged={loaderData.passwordChanged}
					// Serialised action data loses the union's literal types; these fields are ours alone.
					result={profileResult as ComponentProps<typeof AccountScreens>['result']}
				/>
			</Suspense>
		</>
	)
}

function AccountLoading() {
	return (
		<p role="status" className="container-page py-10 text-slate-600">
			Loading your account…
		</p>
	)
}

function AccountBenefits() {
	return (
		<aside aria-labelledby="benefits" className="h-fit rounded-2xl bg-pond-50 p-6">
			<h2 id="benefits" className="font-display text-xl font-bold text-pond-900">
				Why create an account?
			</h2>
			<ul className="mt-4 space-y-3 text-slate-700">
				{[
					'Place order requests for pond equipment',
					'See every order and its status in one place',
					'Pay securely by card once we confirm delivery',
					'Save your delivery details for next time',
				].map((benefit) => (
					<li key={benefit} className="flex gap-2">
						<CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-green-700" />
						{benefit}
					</li>
				))}
			</ul>
		</aside>
	)
}
