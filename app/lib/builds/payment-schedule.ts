import { formatPence } from '~/lib/money'

/**
 * A build quote's payment schedule (issue 59 item 4, decision 0038): each stage a percentage of
 * the total or a fixed sum. Amounts are worked out from the total the customer accepts, in pence,
 * and the last stage takes the remainder, so the stages always sum to the total to the penny.
 */
export type ScheduleStage = {
	label: string
	/** 'acceptance' = the deposit, paid as the quote is accepted; 'stage' = when staff mark it reached. */
	due: 'acceptance' | 'stage' | 'completion'
} & ({ percent: number; fixedPence?: undefined } | { fixedPence: number; percent?: undefined })

export type ScheduledAmount = { label: string; due: ScheduleStage['due']; amountPence: number }

/** The usual build schedule: 25 % deposit, 50 % at the liner or shell stage, 25 % on completion. */
export const DEFAULT_SCHEDULE: ScheduleStage[] = [
	{ label: 'Deposit on acceptance', due: 'acceptance', percent: 25 },
	{ label: 'Liner or shell stage', due: 'stage', percent: 50 },
	{ label: 'On completion', due: 'completion', percent: 25 },
]

const rawAmount = (stage: ScheduleStage, totalPence: number) =>
	stage.fixedPence ?? Math.round((totalPence * stage.percent) / 100)

/** The stages' amounts for this total: the last takes the remainder. Check scheduleProblem first. */
export function splitSchedule(totalPence: number, schedule: ScheduleStage[]): ScheduledAmount[] {
	let allotted = 0
	return schedule.map((stage, i) => {
		const amountPence =
			i === schedule.length - 1 ? totalPence - allotted : rawAmount(stage, totalPence)
		allotted += amountPence
		return { label: stage.label, due: stage.due, amountPence }
	})
}

/**
 * Why this schedule cannot take this total, or null. The stages must add up to the total (the
 * last stage's share may differ from its own figure by rounding only), every stage must be more
 * than nothing, only the first may be due at acceptance and only the last on completion.
 */
export function scheduleProblem(totalPence: number, schedule: ScheduleStage[]): string | null {
	if (schedule.length === 0) return 'Add at least one payment stage.'
	if (schedule.length > 10) return 'A schedule has at most 10 stages.'
	if (schedule.some((s, i) => s.due === 'acceptance' && i !== 0))
		return 'Only the first stage can be due on acceptance.'
	if (schedule.some((s, i) => s.due === 'completion' && i !== schedule.length - 1))
		return 'Only the last stage can be due on completion.'
	const amounts = splitSchedule(totalPence, schedule)
	if (amounts.some((a) => a.amountPence <= 0))
		return `Every stage must be more than £0.00: the stages add up to more than the total of ${formatPence(totalPence)}.`
	const last = schedule.length - 1
	const drift = Math.abs(amounts[last]!.amountPence - rawAmount(schedule[last]!, totalPence))
	if (drift > schedule.length) {
		const asSet = schedule.reduce((sum, s) => sum + rawAmount(s, totalPence), 0)
		return `The stages add up to ${formatPence(asSet)}, not the total of ${formatPence(totalPence)}.`
	}
	return null
}
