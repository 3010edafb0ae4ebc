import { loadCatalogFile } from '~/.server/catalog/startup'
import type { Db } from '~/.server/db/client'
import type { Logger } from '~/.server/logger'
import { seedContent } from '~/.server/portfolio/seed'

/**
 * What every start loads into the database before serving: the catalogue file when it changed,
 * and the demo portfolio and testimonials, written once into a new shop (never over the owner's).
 */
export async function loadStartupData(db: Db, catalogFile: string, logger: Logger) {
	await loadCatalogFile(db, catalogFile, logger)
	const seeded = await seedContent(db)
	if (seeded.length) logger.info({ seeded }, 'demo content written')
}
