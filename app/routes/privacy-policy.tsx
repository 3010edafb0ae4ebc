import { data, Link } from 'react-router'
import { currentBusinessDetails } from '~/.server/business/details'
import { isHttpsSite } from '~/.server/env'
import { readForm } from '~/.server/http/read-body'
import { VisitCounting } from '~/components/analytics/visit-counting'
import { LegalPage } from '~/components/content/legal-page'
import type { BreadcrumbHandle } from '~/components/layout/breadcrumbs'
import { OPT_OUT_COOKIE, OPT_OUT_VALUE } from '~/lib/analytics/consent'
import { VisitCountingForm } from '~/lib/analytics/visit-counting-form'
import { parseForm } from '~/lib/forms'
import { businessNameFrom, pageMeta } from '~/lib/seo'
import type { Route } from './+types/privacy-policy'

export const handle: BreadcrumbHandle = {
	breadcrumb: () => ({ label: 'Privacy Policy', to: '/privacy-policy' }),
}

export const meta: Route.MetaFunction = (args) =>
	pageMeta(args, {
		title: 'Privacy Policy',
		description: `How ${businessNameFrom(args.matches)} collects, uses and protects your personal information.`,
	})

/** The 'opt out of visit counting' switch: a cookie holding only that choice, set on request. */
export async function loader({ context }: Route.LoaderArgs) {
	return { business: await currentBusinessDetails(context.db) }
}

export async function action({ request, context }: Route.ActionArgs) {
	const parsed = parseForm(VisitCountingForm, await readForm(request))
	if (!parsed.ok)
		return data({ message: 'Please choose whether to count your visits.' }, { status: 400 })
	const off = parsed.data.counting === 'off'
	const secure = isHttpsSite(context.env.SITE_URL) ? '; Secure' : ''
	const cookie = off
		? `${OPT_OUT_COOKIE}=${OPT_OUT_VALUE}; Max-Age=${365 * 86_400}; Path=/; HttpOnly; SameSite=Lax${secure}`
		: `${OPT_OUT_COOKIE}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax${secure}`
	const message = off
		? 'Done: visits from this browser are no longer counted.'
		: 'Done: visits from this browser are counted again, anonymously.'
	return data(
		{ message },
		{ headers: { 'Set-Cookie': cookie, 'Cache-Control': 'private, no-store' } },
	)
}

export default function PrivacyPolicy({ loaderData, actionData }: Route.ComponentProps) {
	const { business } = loaderData
	return (
		<LegalPage title="Privacy Policy" updated="2025-06-10">
			<p>
				{business.tradingName} respects your privacy. This policy explains what information we
				collect when you use this website, why we collect it and how we look after it.
			</p>
			<h2>Information we collect</h2>
			<ul>
				<li>Contact details: your name, email address and phone number.</li>
				<li>
					Delivery details: the address you would like your order delivered to, and any delivery
					notes.
				</li>
				<li>
					Order details: the products you request, quantities, sizes and options, and the status of
					your order.
				</li>
			</ul>
			<h2>How we use your information</h2>
			<p>
				We use your information only to process and deliver your orders: to review your order
				request, confirm delivery options and costs with you, arrange payment and deliver your
				goods.
			</p>
			<h2>Sharing your information</h2>
			<p>
				We do not share, sell or rent your personal information to anyone. Your delivery details are
				passed only to the carrier delivering your order.
			</p>
			<h2>Card payments</h2>
			<p>
				Card payments are handled by our card payment provider on its secure payment pages. We never
				see or store your card details.
			</p>
			<h2>Cookies and analytics</h2>
			<p>
				We use one strictly necessary cookie to keep you signed in to your account, so no cookie
				banner is needed. Our web analytics are anonymous and cookieless: they count page visits on
				our own server, without identifying you, without storing your IP address and without
				tracking you across other websites. No outside company is involved.
			</p>
			<VisitCounting message={actionData?.message} />
			<h2>How we contact you</h2>
			<p>
				We contact you only after you place an order, about that order — for example to confirm
				delivery or send your payment link. We do not send marketing emails.
			</p>
			<h2>Your account and your rights</h2>
			<p>
				If you have an account, you can view and update your details in your account dashboard,
				download a copy of your data, or delete your account at any time. Under UK data protection
				law you also have the right to ask us for a copy of the information we hold about you, to
				have it corrected, or to have it deleted.
			</p>
			<h2>Contact us</h2>
			<p>
				If you have any questions about this policy or your personal information, please{' '}
				<Link to="/contact">contact us</Link>.
			</p>
		</LegalPage>
	)
}
