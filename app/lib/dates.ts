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

/**
 * The instant a Europe/London calendar day starts, for date filters ('2026-03-29' → 00:00 GMT,
 * '2026-07-01' → 23:00 UTC the day before). UK clocks change at 01:00/02:00, never at midnight.
 */
export function startOfLondonDay(isoDate: string): Date {
	const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number]
	const utcMidnight = Date.UTC(y, m - 1, d)
	const london = new Date(
		new Date(utcMidnight).toLocaleString('en-US', { timeZone: 'Europe/London' }),
	)
	const utc = new Date(new Date(utcMidnight).toLocaleString('en-US', { timeZone: 'UTC' }))
	return new Date(utcMidnight - (london.getTime() - utc.getTime()))
}

/** 'YYYY-MM-DD' of the day after, for an inclusive 'to' date. */
export function nextIsoDate(isoDate: string) {
	const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number]
	return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10)
}
