import { changeProjectStatus } from '~/.server/builds/project-lifecycle'
import { insertQuoteAsGiven, nextQuoteVersion } from '~/.server/builds/quotes'
import { createSchedule } from '~/.server/builds/stages'
import { type BuildQuote, buildQuotes } from '~/.server/db/schema'
import { DEFAULT_SCHEDULE, type ScheduleStage } from '~/lib/builds/payment-schedule'
import type { TestApp } from './app'

/**
 * A build quote in the state a test needs (issue 59), through the quotes' owner file: its lines
 * as [unit pence, quantity, chosen], sent (or not) and, when accepted, its payment stages made
 * as acceptance makes them.
 */
export async function insertQuoteForTest(
	app: TestApp,
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
	return app.database.db.transaction(async (tx) => {
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
			status === 'accepted'
				? await createSchedule(tx, quote, total, acceptedAt ?? new Date(), {
						provider: app.runtime.payments,
					})
				: []
		return { quote, total, stages }
	})
}

/**
 * An accepted quote for a project, for the stage payment tests until the quotes' own acceptance
 * lands: the project moved to accepted through the lifecycle, a quote row written here (tests may
 * write rows; the app's writers live in their owner files), and its stages made by
 * `createSchedule` as acceptance will make them, the deposit's link issued in the same transaction.
 */
export async function acceptBuild(
	app: TestApp,
	projectId: string,
	options: {
		totalPence: number
		earlyStart?: boolean
		acceptedAt?: Date
		schedule?: ScheduleStage[]
	},
) {
	const acceptedAt = options.acceptedAt ?? new Date()
	return app.database.db.transaction(async (tx) => {
		for (const to of ['surveyed', 'quoted', 'accepted'] as const) {
			const moved = await changeProjectStatus(tx, projectId, { to, actor: 'test' })
			if (!moved.ok) throw new Error(moved.message)
		}
		const [quote] = await tx
			.insert(buildQuotes)
			.values({
				projectId,
				version: 1,
				status: 'accepted',
				title: 'Koi pond, 5 m by 3 m',
				validUntil: new Date(acceptedAt.getTime() + 30 * 86_400_000),
				schedule: options.schedule ?? DEFAULT_SCHEDULE,
				createdBy: 'test',
				acceptedAt,
				acceptedName: 'Morag Fraser',
				acceptedTotalPence: options.totalPence,
				earlyStart: options.earlyStart ?? false,
			})
			.returning()
		return createSchedule(tx, quote!, options.totalPence, acceptedAt, {
			provider: app.runtime.payments,
		})
	})
}
