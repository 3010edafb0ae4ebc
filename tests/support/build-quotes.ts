import { changeProjectStatus } from '~/.server/builds/project-lifecycle'
import { createSchedule } from '~/.server/builds/stages'
import { buildQuotes } from '~/.server/db/schema'
import { DEFAULT_SCHEDULE, type ScheduleStage } from '~/lib/builds/payment-schedule'
import type { TestApp } from './app'

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
