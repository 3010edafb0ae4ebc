import fs from 'node:fs'
import { eq } from 'drizzle-orm'
import type { Db } from '~/.server/db/client'
import { catalogState } from '~/.server/db/schema'
import type { Logger } from '~/.server/logger'
import { catalogHash, type ImportReport, importCatalog } from './import'

/**
 * At start: load the catalogue file into an empty database, or when the file itself changed since
 * it was last loaded (a developer shipped a new one). Edits and uploads the owner made since then
 * are kept: a redeploy with the same file never undoes them.
 */
export async function loadCatalogFile(
	db: Db,
	file: string,
	logger: Logger,
): Promise<ImportReport | undefined> {
	if (!fs.existsSync(file)) {
		logger.warn({ file }, 'catalogue file not found; keeping the catalogue in the database')
		return undefined
	}
	const started = Date.now()
	const input = fs.readFileSync(file)
	// Most starts load the same file: compare hashes before parsing and validating it (0.4 s for
	// the demo file, seconds for 50,000 rows). Its skipped rows were reported when it was loaded.
	const [state] = await db
		.select({ contentHash: catalogState.contentHash, fileHash: catalogState.fileHash })
		.from(catalogState)
		.where(eq(catalogState.id, 1))
	const hash = catalogHash(input)
	if (state && (state.contentHash === hash || state.fileHash === hash)) {
		logger.info({ file, status: 'unchanged', ms: Date.now() - started }, 'catalogue import')
		return { status: 'unchanged', imported: 0, rejected: [] }
	}
	const report = await importCatalog(db, input, {
		publishedBy: 'start-up file',
		fromStartupFile: true,
	})
	logImportReport(logger, file, report, Date.now() - started)
	return report
}

export function logImportReport(logger: Logger, file: string, report: ImportReport, ms: number) {
	if (report.status === 'refused') {
		logger.error(
			{ file, reason: report.error },
			'catalogue import refused; previous catalogue kept',
		)
		return
	}
	for (const { line, reason } of report.rejected) {
		logger.warn({ file, line, reason }, 'catalogue row skipped')
	}
	logger.info(
		{
			file,
			status: report.status,
			imported: report.imported,
			rejected: report.rejected.length,
			ms,
		},
		'catalogue import',
	)
}
