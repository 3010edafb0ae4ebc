import { redirect } from 'react-router'
import type { Route } from './+types/account'

/**
 * /account and /account/orders: the addresses a customer guesses (other shops use them, and the
 * order pages live under /account/orders/…), which answered 404. The account itself is at /auth,
 * as the spec's route table has it: these only send the customer there, to their orders for the
 * second. A redirect, not a copy: one address for each page.
 */
export function loader({ request }: Route.LoaderArgs) {
	const { pathname } = new URL(request.url)
	return redirect(/\/orders\/?$/.test(pathname) ? '/auth?tab=orders' : '/auth')
}
