import { Link } from 'react-router'
import { currentBusinessDetails } from '~/.server/business/details'
import { CancellingYourOrder } from '~/components/content/cancelling-your-order'
import { LegalPage } from '~/components/content/legal-page'
import type { BreadcrumbHandle } from '~/components/layout/breadcrumbs'
import { phoneHref, traderAddress } from '~/lib/business'
import { mailtoHref } from '~/lib/email-address'
import { businessNameFrom, pageMeta } from '~/lib/seo'
import type { Route } from './+types/terms-and-conditions'

export const handle: BreadcrumbHandle = {
	breadcrumb: () => ({ label: 'Terms & Conditions', to: '/terms-and-conditions' }),
}

export const meta: Route.MetaFunction = (args) =>
	pageMeta(args, {
		title: 'Terms and Conditions',
		description: `The terms on which ${businessNameFrom(args.matches)} accepts order requests and supplies pond equipment.`,
	})

export async function loader({ context }: Route.LoaderArgs) {
	return { business: await currentBusinessDetails(context.db) }
}

export default function TermsAndConditions({ loaderData }: Route.ComponentProps) {
	const { business } = loaderData
	return (
		<LegalPage title="Terms and Conditions" updated="2026-11-25">
			<p>
				These terms apply to order requests placed with {business.tradingName} through this website.
				Please read them before you place an order request.
			</p>
			<h2 id="who-we-are">Who we are</h2>
			<p>
				We are {business.tradingName}, {traderAddress(business)}. You can reach us on{' '}
				<a href={phoneHref(business.phone)}>{business.phone}</a> ({business.hoursShort}) or at{' '}
				<a href={mailtoHref(business.email)}>{business.email}</a>.
			</p>
			<h2>Your order is a request</h2>
			<p>
				When you place an order on this website you are making an order request. It is not a binding
				contract between you and us.
			</p>
			<h2>Review and quotation</h2>
			<p>
				We review every order request and contact you with a final quotation, including the cost of
				delivery to your address.
			</p>
			<h2>When a contract is formed</h2>
			<p>
				A contract is formed only once you have accepted our quotation and your payment has been
				successfully taken. We may decline an order request at any time before then.
			</p>
			<h2>Pricing errors</h2>
			<p>
				If we discover an error in the price of an item you have ordered, we may correct it and
				offer you the corrected price, or cancel the order and refund anything you have paid.
			</p>
			<h2>Problems with your goods</h2>
			<p>
				Please check your goods when they arrive and report any damage, fault or shortage to us
				within 24 hours of delivery. Depending on the problem, we will make good any shortage,
				replace or repair the goods, or give you a refund.
			</p>
			<CancellingYourOrder business={business} />
			<h2>Your statutory rights</h2>
			<p>Nothing in these terms affects your statutory rights as a consumer.</p>
			<h2>Questions</h2>
			<p>
				If you have any questions about these terms, please <Link to="/contact">contact us</Link>.
			</p>
		</LegalPage>
	)
}
