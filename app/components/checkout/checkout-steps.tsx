import { Check } from 'lucide-react'
import { cn } from '~/lib/cn'

const STEPS = ['Account', 'Delivery', 'Confirmation'] as const

/** Spec: three steps; the ones before the current step are shown completed. */
export function CheckoutSteps({ current }: { current: 1 | 2 | 3 }) {
	return (
		<nav aria-label="Checkout progress" className="mb-8">
			<p className="sr-only">{`Step ${current} of 3: ${STEPS[current - 1]}`}</p>
			<ol className="flex items-center gap-2 sm:gap-4">
				{STEPS.map((label, index) => {
					const step = index + 1
					const state = step < current ? 'complete' : step === current ? 'current' : 'upcoming'
					return (
						<li
							key={label}
							className="flex items-center gap-2 sm:flex-1"
							aria-current={state === 'current' ? 'step' : undefined}
							data-state={state}
						>
							<span
								className={cn(
									'flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-bold',
									state === 'complete' && 'bg-green-700 text-white',
									state === 'current' && 'bg-pond-800 text-white',
									state === 'upcoming' && 'bg-slate-200 text-slate-700',
								)}
							>
								{state === 'complete' ? <Check aria-hidden="true" className="size-4" /> : step}
							</span>
							<span
								className={cn(
									'text-sm font-semibold',
									state === 'upcoming' ? 'text-slate-600' : 'text-pond-900',
									// Narrow screens show every number but only the current step's name.
									state !== 'current' && 'sr-only sm:not-sr-only',
								)}
							>
								{label}
								{state === 'complete' ? <span className="sr-only"> (completed)</span> : null}
							</span>
							{step < 3 ? (
								<span aria-hidden="true" className="hidden h-0.5 flex-1 bg-slate-200 sm:block" />
							) : null}
						</li>
					)
				})}
			</ol>
		</nav>
	)
}
