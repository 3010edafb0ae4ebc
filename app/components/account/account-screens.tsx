import type { ComponentProps } from 'react'
import { Link } from 'react-router'
import { cn } from '~/lib/cn'
import type { FieldErrors } from '~/lib/forms'
import { OrdersTab } from './orders-tab'
import { ProfileTab } from './profile-tab'

type Props = {
	account: {
		email: string
		details: ComponentProps<typeof ProfileTab>['details']
		orders: ComponentProps<typeof OrdersTab>['orders']
		ordersError: boolean
	}
	tab: 'profile' | 'orders'
	passwordChanged: boolean
	/** The action's answer to a profile form, if any. */
	result?: {
		profileErrors?: FieldErrors
		saved?: boolean
		accountError?: ComponentProps<typeof ProfileTab>['accountError']
	}
}

/**
 * My Account (profile and orders tabs). Loaded on its own by /auth (React.lazy), so the sign-in
 * page never downloads these screens or their form schemas (issue 34 item 11). The page heading
 * stays with the route, so the page has its h1 while this chunk is still on its way.
 */
export default function AccountScreens({ account, tab, passwordChanged, result }: Props) {
	return (
		<div className="container-page py-10">
			<nav aria-label="Account sections" className="mb-8 flex gap-2 border-b border-slate-200">
				{(['profile', 'orders'] as const).map((t) => (
					<Link
						key={t}
						to={t === 'orders' ? '/auth?tab=orders' : '/auth'}
						aria-current={tab === t ? 'page' : undefined}
						className={cn(
							'-mb-px border-b-2 px-4 py-3 font-semibold',
							tab === t
								? 'border-pond-800 text-pond-900'
								: 'border-transparent text-slate-600 hover:text-pond-800',
						)}
					>
						{t === 'orders' ? 'Orders' : 'Profile'}
					</Link>
				))}
			</nav>
			{tab === 'orders' ? (
				<OrdersTab orders={account.orders} loadError={account.ordersError} />
			) : (
				<ProfileTab
					email={account.email}
					details={account.details}
					errors={result?.profileErrors}
					saved={result?.saved}
					accountError={result?.accountError}
					passwordChanged={!result?.accountError && passwordChanged}
				/>
			)}
		</div>
	)
}
