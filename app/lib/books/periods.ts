import { z } from 'zod'
import { addDays } from '~/lib/london-time'
import { safeText } from '~/lib/text-safety'
import { QUARTER_START_MESSAGE } from './settings'

/** The periods the money report and the exports read (issue 61 item 1). */
export const PERIOD_KINDS = ['month', 'quarter', 'tax-year', 'custom'] as const
export type PeriodKind = (typeof PERIOD_KINDS)[number]

export type Period = { kind: PeriodKind; from: string; to: string; label: string }

export type PeriodChoice =
	| { ok: true; period: Period; quarterStartMonth: number }
	| { ok: false; message: string; period: Period; quarterStartMonth: number }

/** The earliest day a period may start: no document of the shop is older (and years below 100 are not dates to Date.UTC). */
export const FIRST_DAY = '2000-01-01'

/** The longest custom period: two years (a tax year, or a quarter, is what an accountant asks for). */
export const MAX_CUSTOM_DAYS = 731

const MONTH_NAMES = new Intl.DateTimeFormat('en-GB', { month: 'long', timeZone: 'UTC' })
const SHORT_DATE = new Intl.DateTimeFormat('en-GB', {
	day: 'numeric',
	month: 'short',
	year: 'numeric',
	timeZone: 'UTC',
})
const dayText = (iso: string) => SHORT_DATE.format(new Date(`${iso}T00:00:00Z`))

const pad = (n: number) => String(n).padStart(2, '0')

/** The first and last day of a calendar month (month may run past 12 or below 1). */
function monthSpan(year: number, month: number, months = 1) {
	const first = new Date(Date.UTC(year, month - 1, 1))
	const last = new Date(Date.UTC(year, month - 1 + months, 0))
	return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) }
}

export function monthPeriod(month: string): Period {
	const [y, m] = month.split('-').map(Number) as [number, number]
	const span = monthSpan(y, m)
	return { kind: 'month', ...span, label: `${MONTH_NAMES.format(new Date(span.from))} ${y}` }
}

/** The VAT quarter holding a month, for quarters that start in `startMonth` (1–12). */
export function quarterPeriod(month: string, startMonth: number): Period {
	const [y, m] = month.split('-').map(Number) as [number, number]
	const back = (((m - startMonth) % 3) + 3) % 3
	const span = monthSpan(y, m - back, 3)
	return {
		kind: 'quarter',
		...span,
		label: `VAT quarter ${dayText(span.from)} to ${dayText(span.to)}`,
	}
}

/** The UK tax year starting on 6 April of `year`: 6 Apr to 5 Apr. */
export function taxYearPeriod(year: number): Period {
	return {
		kind: 'tax-year',
		from: `${year}-04-06`,
		to: `${year + 1}-04-05`,
		label: `Tax year ${year}–${pad((year + 1) % 100)}`,
	}
}

export function customPeriod(from: string, to: string): Period {
	return { kind: 'custom', from, to, label: `${dayText(from)} to ${dayText(to)}` }
}

/** The tax year a UK date falls in (the year of its 6 April). */
export const taxYearOf = (day: string) => {
	const year = Number(day.slice(0, 4))
	return day.slice(5) >= '04-06' ? year : year - 1
}

/** Each query field as a sentence names it. */
const QUERY_FIELDS: Record<string, string> = {
	period: 'kind of period',
	month: 'month',
	year: 'tax year',
	from: 'first day',
	to: 'last day',
	qs: 'quarter start month',
}

const PeriodQuery = z.object({
	period: safeText().optional(),
	month: safeText().optional(),
	year: safeText().optional(),
	from: safeText().optional(),
	to: safeText().optional(),
	qs: safeText().optional(),
})

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/
const isDate = (s: string | undefined): s is string => !!s && z.iso.date().safeParse(s).success

/**
 * The period a query string asks for, with `today` (a UK date) as the latest start. Anything it
 * cannot use gives the message to show and the current VAT quarter, never an error status.
 */
export function choosePeriod(
	params: URLSearchParams,
	today: string,
	savedQuarterStart: number,
): PeriodChoice {
	const parsed = PeriodQuery.safeParse(Object.fromEntries(params))
	let quarterStartMonth = savedQuarterStart
	const fail = (message: string): PeriodChoice => ({
		ok: false,
		message,
		period: quarterPeriod(today.slice(0, 7), quarterStartMonth),
		quarterStartMonth,
	})
	// A control character in a field: which field, and the current quarter.
	if (!parsed.success) {
		const field = String(parsed.error.issues[0]?.path[0] ?? 'period')
		return fail(
			`The ${QUERY_FIELDS[field] ?? 'period'} holds characters it cannot: choose it again.`,
		)
	}
	const q = parsed.data
	if (q.qs !== undefined && q.qs !== '') {
		const n = /^\d{1,2}$/.test(q.qs.trim()) ? Number(q.qs.trim()) : Number.NaN
		if (!(n >= 1 && n <= 12)) return fail(QUARTER_START_MESSAGE)
		quarterStartMonth = n
	}
	const kind = q.period ?? 'quarter'
	let period: Period
	if (kind === 'month' || kind === 'quarter') {
		const month = q.month || today.slice(0, 7)
		if (!MONTH.test(month)) return fail('Choose the month as a year and month, such as 2026-11.')
		period = kind === 'month' ? monthPeriod(month) : quarterPeriod(month, quarterStartMonth)
	} else if (kind === 'tax-year') {
		const year = q.year || String(taxYearOf(today))
		if (!/^\d{4}$/.test(year))
			return fail('Choose the tax year by the year it starts in, such as 2026.')
		period = taxYearPeriod(Number(year))
	} else if (kind === 'custom') {
		if (!isDate(q.from) || !isDate(q.to))
			return fail('Give both dates of a custom period, each as a date (from and to).')
		if (q.from > q.to)
			return fail(
				'The period ends before it starts: the "to" date must be on or after the "from" date.',
			)
		if (daysIn(q.from, q.to) > MAX_CUSTOM_DAYS)
			return fail('A custom period can be at most two years. Choose a shorter one, or a tax year.')
		period = customPeriod(q.from, q.to)
	} else return fail('Choose a month, a VAT quarter, a tax year or a custom period.')
	if (period.from < FIRST_DAY) return fail('Choose a period from 1 January 2000 on.')
	if (period.from > today)
		return fail(
			`That period starts after today (${dayText(today)}): nothing has been issued in it yet.`,
		)
	return { ok: true, period, quarterStartMonth }
}

/** Days from `from` to `to`, both included. */
export const daysIn = (from: string, to: string) =>
	Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1

/** The query string that asks for a period again (links from figures, the exports). */
export function periodQuery(period: Period, quarterStartMonth: number) {
	const q = new URLSearchParams({ period: period.kind })
	if (period.kind === 'month' || period.kind === 'quarter') q.set('month', period.from.slice(0, 7))
	if (period.kind === 'quarter') q.set('qs', String(quarterStartMonth))
	if (period.kind === 'tax-year') q.set('year', period.from.slice(0, 4))
	if (period.kind === 'custom') {
		q.set('from', period.from)
		q.set('to', period.to)
	}
	return q.toString()
}

/** Whether a period has ended by `today` (a period can be closed only then). */
export const hasEnded = (period: { to: string }, today: string) => period.to < today

/** The chart's buckets: weeks (from Monday) for up to 13 weeks, months for anything longer. */
export function bucketOf(day: string, period: { from: string; to: string }) {
	if (daysIn(period.from, period.to) > 93) return day.slice(0, 7)
	const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7
	const monday = addDays(day, -weekday)
	// A week that started before the period counts from the period's first day.
	if (monday < period.from) return period.from
	return monday
}

/** Every bucket of a period in order, so an empty week still shows as nothing. */
export function bucketsOf(period: { from: string; to: string }) {
	const keys: string[] = []
	for (let day = period.from; day <= period.to; day = addDays(day, 1)) {
		const key = bucketOf(day, period)
		if (keys[keys.length - 1] !== key) keys.push(key)
	}
	return keys
}

/** A bucket's label: 'w/c 3 Nov' or 'Nov 2026'. */
export function bucketLabel(key: string) {
	if (key.length === 7) {
		const d = new Date(`${key}-01T00:00:00Z`)
		return `${SHORT_DATE.formatToParts(d).find((p) => p.type === 'month')?.value} ${key.slice(0, 4)}`
	}
	const parts = SHORT_DATE.formatToParts(new Date(`${key}T00:00:00Z`))
	const get = (t: string) => parts.find((p) => p.type === t)?.value
	return `w/c ${get('day')} ${get('month')}`
}
