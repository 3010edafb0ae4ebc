import { desc } from 'drizzle-orm'
import type { Db } from '~/.server/db/client'
import { booksSettings } from '~/.server/db/schema'
import { type BooksSettings, DEFAULT_BOOKS_SETTINGS } from '~/lib/books/settings'

/** The books' settings in force: the newest save, or quarters from January and account 4000. */
export async function getBooksSettings(db: Db): Promise<BooksSettings> {
	const [row] = await db
		.select({
			quarterStartMonth: booksSettings.quarterStartMonth,
			salesAccountCode: booksSettings.salesAccountCode,
		})
		.from(booksSettings)
		.orderBy(desc(booksSettings.id))
		.limit(1)
	return row ?? DEFAULT_BOOKS_SETTINGS
}

/** A save is a new row: the older ones are the record of who changed what. */
export async function saveBooksSettings(db: Db, changedBy: string, settings: BooksSettings) {
	await db.insert(booksSettings).values({ ...settings, changedBy })
}
