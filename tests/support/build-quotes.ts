import { insertQuoteAsGiven, nextQuoteVersion } from '~/.server/builds/quotes'
import { createSchedule } from '~/.server/builds/stages'
import type { Db } from '~/.server/db/client'
import type { BuildQuote } from '~/.server/db/schema'
import { DEFAULT_SCHEDULE } from '~/lib/builds/payment-schedule'

/**
 * A build quote in the state a test needs (issue 59), through the quotes' owner file: its lines
 * as [unit pence, quantity, chosen], sent (or not) and, when accepted, its payment stages made
 * as acceptance makes them.
 */
export async function insertQuoteForTest(
	db: Db,
	projectId: string,
	{
		status = 'sent',
		lines = [[500_000, 1, true]],
		sentAt = new Date(),
		validUntil = new Date(Date.now() + 30 * 86_400_000),
		acceptedAt,
	}: {
		status?: BuildQuote['status']
		lines?: Array<[number, number, boolean]>
		sentAt?: Date | null
		validUntil?: Date
		acceptedAt?: Date
	} = {},
) {
	const total = lines.reduce(
		(sum, [unit, quantity, chosen]) => sum + (chosen ? unit * quantity : 0),
		0,
	)
	return db.transaction(async (tx) => {
		const quote = await insertQuoteAsGiven(
			tx,
			{
				projectId,
				version: await nextQuoteVersion(tx, projectId),
				status,
				title: 'Koi pond with filtration',
				validUntil,
				schedule: DEFAULT_SCHEDULE,
				createdBy: 'staff@example.co.uk',
				sentAt: status === 'draft' ? null : sentAt,
				...(status === 'accepted'
					? {
							acceptedAt: acceptedAt ?? new Date(),
							acceptedName: 'Morag Fraser',
							acceptedTotalPence: total,
						}
					: {}),
			},
			lines.map(([unitPence, quantity, chosen], i) => ({
				section: 'Excavation',
				description: `Line ${i + 1}`,
				quantity,
				unitPence,
				optional: !chosen,
				chosen,
			})),
		)
		const stages =
			status === 'accepted' ? await createSchedule(tx, quote, total, acceptedAt ?? new Date()) : []
		return { quote, total, stages }
	})
}
