import type { Tx } from '~/.server/db/client'
import { type BuildQuote, type BuildStage, buildStages } from '~/.server/db/schema'
import { splitSchedule } from '~/lib/builds/payment-schedule'

/**
 * The one writer of a build's payment stages (issue 59 item 8, decision 0038). Stages are made
 * once, as a quote is accepted, from its schedule and the accepted total (the last stage takes the
 * remainder); the deposit (a first stage due on acceptance) is due at once, the rest wait.
 */
export async function createSchedule(
	tx: Tx,
	quote: Pick<BuildQuote, 'id' | 'projectId' | 'schedule'>,
	acceptedTotalPence: number,
	now: Date,
): Promise<BuildStage[]> {
	const amounts = splitSchedule(acceptedTotalPence, quote.schedule)
	return tx
		.insert(buildStages)
		.values(
			amounts.map((a, position) => ({
				projectId: quote.projectId,
				quoteId: quote.id,
				position,
				label: a.label,
				amountPence: a.amountPence,
				status: a.due === 'acceptance' ? ('due' as const) : ('upcoming' as const),
				dueAt: a.due === 'acceptance' ? now : null,
			})),
		)
		.returning()
}
