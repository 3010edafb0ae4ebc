import { COUNTED_PAGES } from './pages'

const NAMES: Record<string, string> = {
	'/': 'Home',
	'/about': 'About',
	'/services': 'Services',
	'/portfolio': 'Portfolio',
	'/pond-products': 'Pond products',
	'/cart': 'Cart',
	'/contact': 'Contact',
	'/privacy-policy': 'Privacy policy',
	'/terms-and-conditions': 'Terms and conditions',
}

/** 'route itemId' (the daily totals' page value) as a reader knows it: 'Product 12', 'Home'. */
export function pageLabel(value: string) {
	const [route = '', item] = value.split(' ')
	if (NAMES[route]) return NAMES[route]
	if (!(COUNTED_PAGES as readonly string[]).includes(route)) return value
	if (route.endsWith(':productId')) return `Product ${item}`
	if (route.endsWith(':category')) return `Category: ${item}`
	return `Project ${item}`
}

/** '25 Nov' from '2026-11-25'. */
export function shortDate(isoDate: string) {
	return new Date(`${isoDate}T12:00:00Z`).toLocaleDateString('en-GB', {
		day: 'numeric',
		month: 'short',
		timeZone: 'UTC',
	})
}

/** '3 h 20 min', '2 days 4 h', or '–' when there is nothing to measure. */
export function durationText(ms: number | null) {
	if (ms === null) return '–'
	const minutes = Math.round(ms / 60_000)
	if (minutes < 60) return `${minutes} min`
	const hours = Math.floor(minutes / 60)
	if (hours < 48) return `${hours} h ${minutes % 60} min`
	return `${Math.floor(hours / 24)} days ${hours % 24} h`
}
