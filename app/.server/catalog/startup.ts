import fs from 'node:fs'
import type { Db } from '~/.server/db/client'
import type { Logger } from '~/.server/logger'
import { type ImportReport, importCatalog } from './import'

/** At start: load the catalogue file when its content changed since the last import. */
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
	const report = await importCatalog(db, fs.readFileSync(file), { publishedBy: 'start-up file' })
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
