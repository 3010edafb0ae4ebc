import { ExternalLink, Truck } from 'lucide-react'
import { OrderItems } from '~/components/orders/order-items'
import { formatPence } from '~/lib/money'
import type { Tracking } from '~/lib/tracking'

type Line = {
	name: string
	quantity: number
	unitPricePence: number
	selectedSize: string
	selectedOption: string
}

/**
 * The checkout's estimate kept on an order, as a row of a totals list (a dt/dd pair, so the dl
 * holds only its groups), until staff confirm the cost (issue 62 item 6).
 */
export function KeptEstimate({ text }: { text?: string | null }) {
	return text ? (
		<div className="text-sm text-slate-700">
			<dt className="sr-only">Delivery estimate</dt>
			<dd data-testid="kept-estimate">{text}</dd>
		</div>
	) : null
}

/** The lines, subtotal, delivery and total ('Delivery: To be confirmed' until it is, as at checkout). */
export function OrderSummary(props: {
	items: Line[]
	subtotalPence: number
	deliveryCostPence: number | null
	totalCostPence: number | null
	/** The estimate kept from checkout while the cost is not confirmed (issue 62 item 6). */
	deliveryEstimate?: string | null
}) {
	const { deliveryCostPence, totalCostPence } = props
	return (
		<section aria-labelledby="items-heading" className="rounded-2xl p-6 ring-1 ring-slate-200">
			<h2 id="items-heading" className="text-xl font-semibold text-pond-900">
				Items
			</h2>
			<OrderItems items={props.items} className="mt-4 space-y-3" />
			<dl className="mt-4 space-y-1 border-t border-slate-200 pt-4">
				<div className="flex justify-between gap-4">
					<dt>Subtotal</dt>
					<dd>{formatPence(props.subtotalPence)}</dd>
				</div>
				{deliveryCostPence === null || totalCostPence === null ? (
					<>
						<div className="flex justify-between gap-4 text-slate-700">
							<dt>Delivery:</dt>
							<dd>To be confirmed</dd>
						</div>
						<KeptEstimate text={props.deliveryEstimate} />
					</>
				) : (
					<>
						<div className="flex justify-between gap-4">
							<dt>Delivery</dt>
							<dd>{formatPence(deliveryCostPence)}</dd>
						</div>
						<div className="flex justify-between gap-4 text-lg font-semibold">
							<dt>Total</dt>
							<dd>{formatPence(totalCostPence)}</dd>
						</div>
					</>
				)}
			</dl>
		</section>
	)
}

export type DeliveryView = {
	name: string
	lines: string[]
	phone: string
	email: string
	notes: string
	siteAccess: string | null
}

export function DeliveryDetails({ delivery: d }: { delivery: DeliveryView }) {
	return (
		<section aria-labelledby="delivery-heading" className="rounded-2xl p-6 ring-1 ring-slate-200">
			<h2 id="delivery-heading" className="text-xl font-semibold text-pond-900">
				Delivery address
			</h2>
			<address className="mt-4 space-y-1 break-words not-italic text-slate-700">
				<span className="block font-medium">{d.name}</span>
				{d.lines.map((line, i) => (
					<span key={i} className="block">
						{line}
					</span>
				))}
				<span className="block">{d.phone}</span>
				{d.email ? <span className="block">{d.email}</span> : null}
			</address>
			{d.siteAccess ? <p className="mt-3 text-slate-700">Site access: {d.siteAccess}</p> : null}
			{d.notes ? (
				<p className="mt-2 whitespace-pre-line break-words text-slate-700">
					Delivery notes: {d.notes}
				</p>
			) : null}
		</section>
	)
}

/** The carrier and reference, with a link to the carrier's tracking page when there is one. */
export function TrackingPanel({ tracking }: { tracking: Tracking }) {
	if (!tracking.carrierName && !tracking.reference) return null
	const name = tracking.ownVan ? 'Our own van' : (tracking.carrierName ?? 'The carrier')
	return (
		<div className="mt-4 flex flex-wrap items-center gap-3" data-testid="tracking">
			<Truck aria-hidden="true" className="size-6 text-pond-700" />
			<span>
				{name}
				{tracking.reference ? `, tracking reference ${tracking.reference}` : ''}
			</span>
			{tracking.url ? (
				<a href={tracking.url} target="_blank" rel="noopener noreferrer" className="btn-secondary">
					Track your delivery <ExternalLink aria-hidden="true" className="size-4" />
					<span className="sr-only">(opens the {tracking.carrierName} website in a new tab)</span>
				</a>
			) : tracking.site ? (
				<a href={tracking.site} target="_blank" rel="noopener noreferrer" className="btn-secondary">
					{tracking.carrierName} website <ExternalLink aria-hidden="true" className="size-4" />
					<span className="sr-only">(opens in a new tab; quote your tracking reference there)</span>
				</a>
			) : null}
		</div>
	)
}
