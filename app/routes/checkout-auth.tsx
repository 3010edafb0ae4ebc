import { redirect } from 'react-router'
import { getSessionUser, safeRedirectPath } from '~/.server/auth/guards'
import { readForm } from '~/.server/http/read-body'
import { AuthForm } from '~/components/auth/auth-form'
import { CheckoutSteps } from '~/components/checkout/checkout-steps'
import { PageHeader } from '~/components/content/page-header'
import type { BreadcrumbHandle } from '~/components/layout/breadcrumbs'
import { parseMode } from '~/lib/auth-forms'
import { pageMeta } from '~/lib/seo'
import type { Route } from './+types/checkout-auth'
import { handleAuthForm } from './auth-form.server'

export const handle: BreadcrumbHandle = {
	breadcrumb: () => [
		{ label: 'Shopping Cart', to: '/cart' },
		{ label: 'Account', to: '/checkout-auth' },
	],
}

export const meta: Route.MetaFunction = (args) =>
	pageMeta(args, {
		title: 'Checkout: Account',
		description: 'Sign in or create an account to place your order request.',
		noindex: true,
	})

export async function loader({ request, context }: Route.LoaderArgs) {
	const url = new URL(request.url)
	const redirectTo = safeRedirectPath(
		url.searchParams.get('redirectTo'),
		context.env.SITE_URL,
		'/checkout',
	)
	// Spec: a signed-in customer goes straight on to where they were heading.
	if (await getSessionUser(request, context)) throw redirect(redirectTo)
	return { mode: parseMode(url.searchParams.get('mode') ?? 'register'), redirectTo }
}

export async function action({ request, context }: Route.ActionArgs) {
	const form = await readForm(request)
	return handleAuthForm(request, context, form, '/checkout')
}

export default function CheckoutAuth({ loaderData, actionData }: Route.ComponentProps) {
	return (
		<>
			<PageHeader
				title="Checkout"
				intro="Sign in or create an account so we can keep you updated about your order."
			/>
			<div className="container-page max-w-3xl py-10">
				<CheckoutSteps current={1} />
				<AuthForm
					mode={loaderData.mode}
					result={actionData}
					path="/checkout-auth"
					redirectTo={loaderData.redirectTo}
				/>
			</div>
		</>
	)
}
