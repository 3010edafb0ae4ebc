/**
 * Wall-clock times in the UK (Europe/London, GMT in winter and BST in summer) for schedules:
 * 'every day at 07:30' means 07:30 on the shop's clocks whatever the server's zone, and the clock
 * changes neither skip nor repeat a day.
 */
const PARTS = new Intl.DateTimeFormat('en-GB', {
	timeZone: 'Europe/London',
	hourCycle: 'h23',
	year: 'numeric',
	month: '2-digit',
	day: '2-digit',
	hour: '2-digit',
	minute: '2-digit',
	second: '2-digit',
})

/** The UK calendar date of an instant, 'YYYY-MM-DD'. */
export function londonDate(at: Date) {
	const p = parts(at)
	return `${p.year}-${p.month}-${p.day}`
}

/** The time on UK clocks at an instant, 'HH:MM' (24-hour). */
export function londonClock(at: Date) {
	const p = parts(at)
	return `${p.hour}:${p.minute}`
}

/** The hour on UK clocks at an instant, 0–23. */
export function londonHour(at: Date) {
	return Number(parts(at).hour)
}

/**
 * 'Good morning' before noon UK time, 'Good afternoon' until six, 'Good evening' after (and in
 * the small hours): a summary sent with 'Send now' at 22:32 does not greet the owner with a
 * morning (issue 62 item 7).
 */
export function londonGreeting(at: Date) {
	const hour = londonHour(at)
	if (hour >= 5 && hour < 12) return 'Good morning'
	if (hour >= 12 && hour < 18) return 'Good afternoon'
	return 'Good evening'
}

/**
 * The instant of a UK wall-clock time on a UK date. A time the spring change skips (01:30 on the
 * last Sunday of March) is read as the same time in GMT, i.e. 02:30 BST; one the autumn change
 * repeats is its first occurrence.
 */
export function atLondonTime(isoDate: string, hhmm: string): Date {
	const key = `${isoDate} ${hhmm}`
	const known = instants.get(key)
	if (known !== undefined) return new Date(known)
	const at = londonInstant(isoDate, hhmm)
	if (instants.size >= 4_096) instants.clear()
	instants.set(key, at.getTime())
	return at
}

/**
 * Each UK date and time's instant, worked out once per process: the survey calendar asks for the
 * same hundred or so on every project page, each costing several Intl calls (bench:builds).
 */
const instants = new Map<string, number>()

function londonInstant(isoDate: string, hhmm: string): Date {
	const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number]
	const [hour, minute] = hhmm.split(':').map(Number) as [number, number]
	const wall = Date.UTC(y, m - 1, d, hour, minute)
	// Try the offset in force a day either side: one of them is the offset at that wall time.
	for (const probe of [wall - 86_400_000, wall + 86_400_000]) {
		const candidate = new Date(wall - offsetInHour(probe) * 60_000)
		if (londonWall(candidate) === `${isoDate} ${hhmm}`) return earliest(candidate, isoDate, hhmm)
	}
	return new Date(wall)
}

/** The first instant strictly after `after` at which UK clocks read `hhmm`. */
export function nextLondonTime(after: Date, hhmm: string): Date {
	let date = londonDate(after)
	for (;;) {
		const at = atLondonTime(date, hhmm)
		if (at.getTime() > after.getTime()) return at
		date = addDays(date, 1)
	}
}

/**
 * A daily job's key for the UK calendar day of `at` ('morning-summary:2026-10-25'): one key per
 * job and UK day, so a job keyed by it runs once that day (issue 57 item 4).
 */
export function dailyKey(name: string, at: Date) {
	return `${name}:${londonDate(at)}`
}

/**
 * When a daily job at `hhmm` runs next after a run that started at `ranAt`: at that time on the
 * next UK day. A run late in the day (the server was down at the time) was that day's run, so
 * nothing runs twice on one UK day whatever the starts, stops and clock changes.
 */
export function nextDailyRun(ranAt: Date, hhmm: string) {
	return atLondonTime(addDays(londonDate(ranAt), 1), hhmm)
}

/**
 * The instant a UK calendar day starts, for date filters ('2026-03-29' → 00:00 GMT, '2026-07-01'
 * → 23:00 UTC the day before). UK clocks change at 01:00/02:00, never at midnight.
 */
export function startOfLondonDay(isoDate: string) {
	return atLondonTime(isoDate, '00:00')
}

/** 'YYYY-MM-DD' plus n calendar days. */
export function addDays(isoDate: string, days: number) {
	const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number]
	return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10)
}

function earliest(candidate: Date, isoDate: string, hhmm: string) {
	const hourBefore = new Date(candidate.getTime() - 3_600_000)
	return londonWall(hourBefore) === `${isoDate} ${hhmm}` ? hourBefore : candidate
}

function londonWall(at: Date) {
	const p = parts(at)
	return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`
}

type WallParts = Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string>

/**
 * The UK wall clock at an instant. Intl's formatToParts costs ~10 µs a call and a project page asks
 * for a few hundred, so it is asked once per UTC hour for the offset (UK clocks change at 01:00
 * UTC, on the hour, so an hour has one offset), and the rest is arithmetic.
 */
function parts(at: Date): WallParts {
	const ms = at.getTime()
	const wall = new Date(ms + offsetInHour(ms) * 60_000)
	return {
		year: String(wall.getUTCFullYear()).padStart(4, '0'),
		month: two(wall.getUTCMonth() + 1),
		day: two(wall.getUTCDate()),
		hour: two(wall.getUTCHours()),
		minute: two(wall.getUTCMinutes()),
		second: two(wall.getUTCSeconds()),
	}
}

const two = (n: number) => String(n).padStart(2, '0')

/** Minutes the UK is ahead of UTC (0 or 60) in the UTC hour holding `ms`: Intl once an hour. */
function offsetInHour(ms: number) {
	const hour = Math.floor(ms / 3_600_000)
	const known = offsets.get(hour)
	if (known !== undefined) return known
	const start = hour * 3_600_000
	const p: Record<string, string> = {}
	// An invalid date throws here (RangeError), as formatting it always did.
	for (const { type, value } of PARTS.formatToParts(new Date(start))) p[type] = value
	const offset = Math.round(
		(Date.UTC(+p.year!, +p.month! - 1, +p.day!, +p.hour!, +p.minute!) - start) / 60_000,
	)
	if (offsets.size >= 4_096) offsets.clear()
	offsets.set(hour, offset)
	return offset
}
const offsets = new Map<number, number>()
