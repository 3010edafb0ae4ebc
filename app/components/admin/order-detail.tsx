import { ExternalLink } from 'lucide-react'
import { StatusBadge } from '~/components/orders/status-badge'
import { formatDateTime } from '~/lib/dates'
import { describeSiteAccess } from '~/lib/delivery/site-access-schema'
import type { SiteAccess } from '~/lib/delivery/suggest'
import type { DeliveryDetails } from '~/lib/delivery-schema'
import { mailtoHref } from '~/lib/email-address'
import { formatPence } from '~/lib/money'
import type { OrderLine } from '~/lib/order-line'
import type { OrderStatus } from '~/lib/order-status'
import { PaymentLink } from './payment-link'

export type AdminOrderView = {
	id: string
	status: OrderStatus
	createdAt: string
	updatedAt: string
	userId: string | null
	deliveryInfo: DeliveryDetails
	cartItems: OrderLine[]
	subtotalPence: number
	deliveryCostPence: number | null
	/** What the checkout estimated (issue 62 item 6); staff confirm the real cost. */
	deliveryEstimatePence: number | null
	totalCostPence: number | null
	adminNotes: string
	paymentLink: string | null
	paymentLinkActive: boolean
	carrier: string | null
	trackingReference: string | null
	paymentAlert: string | null
	version: number
	quoteExpiresAt: string | null
	quoteExpired: boolean
	siteAccess: SiteAccess | null
}

export const Section = ({ title, children }: { title: string; children: React.ReactNode }) => (
	<section className="space-y-3">
		<h3 className="font-display text-lg font-bold text-pond-900">{title}</h3>
		{children}
	</section>
)

const Row = ({ label, children }: { label: string; children: React.ReactNode }) => (
	<div className="grid gap-x-2 sm:grid-cols-[8rem_1fr]">
		<dt className="font-semibold text-slate-600">{label}</dt>
		<dd className="min-w-0 break-words text-slate-900">{children}</dd>
	</div>
)

export function OrderInfo({ order }: { order: AdminOrderView }) {
	const link = order.paymentLinkActive ? order.paymentLink : null
	return (
		<Section title="Order information">
			<dl className="space-y-2 text-sm">
				<Row label="Order date">{formatDateTime(order.createdAt)}</Row>
				<Row label="Last updated">{formatDateTime(order.updatedAt)}</Row>
				<Row label="Status">
					<StatusBadge status={order.status} />
				</Row>
				<Row label="User ID">
					<span className="font-mono text-xs">{order.userId ?? '(account deleted)'}</span>
				</Row>
				<Row label="Payment link">{link ? <PaymentLink link={link} /> : 'None'}</Row>
				{order.quoteExpiresAt && order.status === 'payment_pending' ? (
					<Row label="Price held until">
						{formatDateTime(order.quoteExpiresAt)}
						{order.quoteExpired ? (
							<span className="ml-2 font-semibold text-red-800">(expired)</span>
						) : null}
					</Row>
				) : null}
				{order.carrier || order.trackingReference ? (
					<Row label="Shipping">
						{[order.carrier, order.trackingReference].filter(Boolean).join(' · ')}
					</Row>
				) : null}
			</dl>
		</Section>
	)
}

export function CustomerInfo({
	delivery,
	siteAccess,
}: {
	delivery: DeliveryDetails
	siteAccess: SiteAccess | null
}) {
	return (
		<Section title="Customer">
			<dl className="space-y-2 text-sm">
				<Row label="Name">{`${delivery.firstName} ${delivery.lastName}`.trim() || '—'}</Row>
				<Row label="Email">{delivery.email ? <EmailLink address={delivery.email} /> : '—'}</Row>
				<Row label="Phone">
					{delivery.phone ? (
						<a href={`tel:${delivery.phone.replace(/\s/g, '')}`}>{delivery.phone}</a>
					) : (
						'—'
					)}
				</Row>
				<Row label="Address">
					{[delivery.address1, delivery.address2, delivery.city, delivery.postcode]
						.filter(Boolean)
						.join(', ') || '—'}
				</Row>
				<Row label="Delivery notes">{delivery.notes || 'None'}</Row>
				<Row label="Site access">{describeSiteAccess(siteAccess) ?? 'Not given'}</Row>
			</dl>
		</Section>
	)
}

export function OrderLines({ order }: { order: AdminOrderView }) {
	return (
		<Section title="Items">
			<div className="relative overflow-x-auto">
				<table className="w-full text-left text-sm">
					<thead className="border-b border-slate-200 text-xs text-slate-600 uppercase">
						<tr>
							<th scope="col" className="py-2 pr-3">
								Item
							</th>
							<th scope="col" className="py-2 pr-3 text-right">
								Price
							</th>
							<th scope="col" className="py-2 pr-3 text-right">
								Quantity
							</th>
							<th scope="col" className="py-2 text-right">
								Total
							</th>
						</tr>
					</thead>
					<tbody className="divide-y divide-slate-100">
						{order.cartItems.map((line, index) => (
							<tr key={index}>
								<td className="py-2 pr-3">
									<span className="font-medium">{line.name}</span>
									<span className="block text-xs text-slate-600">Code: {line.code}</span>
									{line.selectedSize ? (
										<span className="block text-xs text-slate-600">Size: {line.selectedSize}</span>
									) : null}
									{line.selectedOption ? (
										<span className="block text-xs text-slate-600">
											Option: {line.selectedOption}
										</span>
									) : null}
									{line.supplierUrl ? (
										<a
											href={line.supplierUrl}
											target="_blank"
											rel="noopener noreferrer"
											className="mt-1 inline-flex items-center gap-1 text-xs font-semibold text-pond-700 underline"
										>
											View on Supplier Website
											<ExternalLink aria-hidden="true" className="size-3" />
											<span className="sr-only">(opens in a new tab)</span>
										</a>
									) : null}
								</td>
								<td className="py-2 pr-3 text-right">{formatPence(line.unitPricePence)}</td>
								<td className="py-2 pr-3 text-right">{line.quantity}</td>
								<td className="py-2 text-right">
									{formatPence(line.unitPricePence * line.quantity)}
								</td>
							</tr>
						))}
					</tbody>
					<tfoot className="border-t-2 border-slate-200 font-semibold">
						<tr>
							<th scope="row" colSpan={3} className="py-2 pr-3 text-right">
								Subtotal
							</th>
							<td className="py-2 text-right">{formatPence(order.subtotalPence)}</td>
						</tr>
						<tr>
							<th scope="row" colSpan={3} className="py-2 pr-3 text-right">
								Delivery
							</th>
							<td className="py-2 text-right">
								{order.deliveryCostPence === null
									? 'To be confirmed'
									: formatPence(order.deliveryCostPence)}
								{order.deliveryCostPence === null && order.deliveryEstimatePence !== null ? (
									<span className="block text-sm text-slate-600">
										Shown at checkout: {formatPence(order.deliveryEstimatePence)} (estimate)
									</span>
								) : null}
							</td>
						</tr>
						<tr>
							<th scope="row" colSpan={3} className="py-2 pr-3 text-right">
								Total
							</th>
							<td className="py-2 text-right">
								{order.totalCostPence === null
									? 'To be confirmed'
									: formatPence(order.totalCostPence)}
							</td>
						</tr>
					</tfoot>
				</table>
			</div>
		</Section>
	)
}

/** A mailto: link only for a valid address (older rows were checked less strictly): text otherwise. */
function EmailLink({ address }: { address: string }) {
	const href = mailtoHref(address)
	return href ? <a href={href}>{address}</a> : <span>{address}</span>
}
