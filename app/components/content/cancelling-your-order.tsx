import { Link } from 'react-router'
import { phoneHref, traderAddress } from '~/lib/business'
import type { BusinessDetails } from '~/lib/business-details'
import { mailtoHref } from '~/lib/email-address'

/** The trader's geographical address (Consumer Contracts Regulations 2013, Schedule 2). */
const H3 = 'mt-6 text-lg font-semibold text-pond-900'

/**
 * The terms' 'Cancelling your order' section (issue 30 item 7a): the right to cancel a distance
 * contract for goods (Consumer Contracts (Information, Cancellation and Additional Charges)
 * Regulations 2013), with the model cancellation form in the wording of Schedule 3, Part B.
 */
export function CancellingYourOrder({ business }: { business: BusinessDetails }) {
	return (
		<>
			<h2 id="cancelling">Cancelling your order</h2>
			<p>
				You can cancel an order at any time before we dispatch it. Once it has been delivered, you
				have the right to cancel the contract within 14 days without giving any reason. The 14 days
				end 14 days after the day on which you, or someone you name (other than the carrier), takes
				physical possession of the goods; when an order arrives in several deliveries, they run from
				the day the last item arrives.
			</p>
			<h3 className={H3}>How to cancel</h3>
			<p>
				Tell us that you have decided to cancel with a clear statement: email{' '}
				<a href={mailtoHref(business.email)}>{business.email}</a>, call{' '}
				<a href={phoneHref(business.phone)}>{business.phone}</a>, or write to {business.tradingName}
				, {traderAddress(business)}, quoting your order number. You may use the model cancellation
				form below, but you do not have to. To meet the deadline it is enough to send your message
				before the 14 days have ended.
			</p>
			<p>
				Each order has its own page, under <Link to="/auth?tab=orders">My Account → Orders</Link>{' '}
				and linked from every email we send about it. It shows where the order stands and, while
				they apply, the ways to cancel or return it.
			</p>
			<h3 className={H3}>Refunds</h3>
			<p>
				If you cancel the whole order, we refund everything you paid for it, including the cost of
				standard delivery; if you return only some of the items, we refund what they cost you, and
				the standard delivery once everything from the order has come back. We refund without undue
				delay and within 14 days of the day you tell us you are cancelling, to the card you paid
				with. If the goods have already reached you, we may wait to refund until we have them back
				or you have shown us that you have sent them back, whichever is earlier.
			</p>
			<h3 className={H3}>Returning the goods</h3>
			<p>
				Please send the goods back, or hand them to us, without undue delay and no later than 14
				days after the day you tell us you are cancelling. You pay the cost of returning them,
				unless the goods are faulty or not what you ordered, in which case we pay it. You are only
				liable for any reduction in the value of the goods that results from handling them more than
				was needed to establish their nature, characteristics and functioning.
			</p>
			<h3 id="cancellation-form" className={H3}>
				Model cancellation form
			</h3>
			<p>Complete and return this form only if you wish to cancel the contract.</p>
			<blockquote className="border-l-4 border-pond-200 pl-4" data-testid="model-cancellation-form">
				<p>
					To {business.tradingName}, {traderAddress(business)}, {business.email}:
				</p>
				<p>
					I/We [*] hereby give notice that I/We [*] cancel my/our [*] contract of sale of the
					following goods [*]/for the supply of the following service [*],
				</p>
				<p>Ordered on [*]/received on [*],</p>
				<p>Name of consumer(s),</p>
				<p>Address of consumer(s),</p>
				<p>Signature of consumer(s) (only if this form is notified on paper),</p>
				<p>Date</p>
				<p>[*] Delete as appropriate.</p>
			</blockquote>
		</>
	)
}
