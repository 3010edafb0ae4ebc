import { desc } from 'drizzle-orm'
import type { Db, Tx } from '~/.server/db/client'
import { buildSettings } from '~/.server/db/schema'
import { type BuildSettings, DEFAULT_BUILD_SETTINGS } from '~/lib/builds/survey-slots'

/**
 * The service area and survey calendar (issue 59), set at /admin/projects/settings. One row per
 * save, newest in force, as business details; no row: the defaults (mainland GB, weekdays).
 */
export async function getBuildSettings(db: Db | Tx): Promise<BuildSettings> {
	const [row] = await db
		.select({ settings: buildSettings.settings })
		.from(buildSettings)
		.orderBy(desc(buildSettings.id))
		.limit(1)
	return buildSettingsFrom(row?.settings)
}

/** The latest saved settings over the defaults (a setting added later has its default). */
export function buildSettingsFrom(saved: Partial<BuildSettings> | undefined): BuildSettings {
	return {
		serviceArea: { ...DEFAULT_BUILD_SETTINGS.serviceArea, ...saved?.serviceArea },
		survey: { ...DEFAULT_BUILD_SETTINGS.survey, ...saved?.survey },
		quoteValidDays: saved?.quoteValidDays ?? DEFAULT_BUILD_SETTINGS.quoteValidDays,
	}
}

export async function saveBuildSettings(db: Db, changedBy: string, settings: BuildSettings) {
	await db.insert(buildSettings).values({ settings, changedBy })
}
