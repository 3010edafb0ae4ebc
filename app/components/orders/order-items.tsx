import { formatPence } from '~/lib/money'

type Item = {
	name: string
	quantity: number
	unitPricePence: number
	selectedSize: string
	selectedOption: string
}

/** An order's lines as the spec shows them: name × quantity, optional size and option, line price. */
export function OrderItems({ items, className }: { items: Item[]; className?: string }) {
	return (
		<ul className={className ?? 'space-y-3 text-sm'}>
			{items.map((item, index) => (
				<li key={index} className="flex justify-between gap-4">
					<span>
						<span className="font-medium">{`${item.name} × ${item.quantity}`}</span>
						{item.selectedSize ? (
							<span className="block text-slate-600">Size: {item.selectedSize}</span>
						) : null}
						{item.selectedOption ? (
							<span className="block text-slate-600">Option: {item.selectedOption}</span>
						) : null}
					</span>
					<span className="font-medium">{formatPence(item.unitPricePence * item.quantity)}</span>
				</li>
			))}
		</ul>
	)
}
