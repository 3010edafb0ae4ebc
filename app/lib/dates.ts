const DATE = new Intl.DateTimeFormat('en-GB', {
	day: 'numeric',
	month: 'short',
	year: 'numeric',
	timeZone: 'Europe/London',
})
const DATE_TIME = new Intl.DateTimeFormat('en-GB', {
	day: 'numeric',
	month: 'short',
	year: 'numeric',
	hour: '2-digit',
	minute: '2-digit',
	timeZone: 'Europe/London',
})

/** '22 Nov 2026', in Europe/London whatever the server's zone. */
export function formatDate(value: Date | string) {
	return DATE.format(new Date(value))
}

export function formatDateTime(value: Date | string) {
	return DATE_TIME.format(new Date(value))
}

/** Month names, January first, for dates spelt out without Intl. */
export const MONTH_NAMES = [
	'January',
	'February',
	'March',
	'April',
	'May',
	'June',
	'July',
	'August',
	'September',
	'October',
	'November',
	'December',
] as const
