import crypto from 'node:crypto'
import { desc, eq, getTableColumns, gte, notInArray, sql } from 'drizzle-orm'
import type { Db, Tx } from '~/.server/db/client'
import { catalogChanges, catalogState, catalogVersions, products } from '~/.server/db/schema'
import type { Product } from '~/lib/catalog/product'
import { packedFile } from './catalog-file'
import { LOAD_PAGE_SIZE } from './catalog-index'
import { CATALOG_CHANNEL } from './catalog-notify'
import { categoryChecker, readCategoryData } from './categories-read'
import { parseCatalogCsv, type RowError } from './csv'

export type ImportReport =
	| { status: 'imported'; imported: number; rejected: RowError[]; version: number }
	| { status: 'unchanged'; imported: 0; rejected: RowError[] }
	| { status: 'refused'; error: string }
	| { status: 'valid'; imported: number; rejected: RowError[]; products: Product[] }

/**
 * Rows per insert statement. Each batch goes as one JSON parameter that the database unpacks
 * (jsonb_to_recordset): one round trip and one parameter instead of 15 per row, which is what
 * made the 1,000-row multi-row inserts slow on 50,000 products. 2,500 rows import 50,000 as fast
 * as 10,000 did (2.3 s) but the embedded database's WebAssembly memory, which never shrinks,
 * peaks 19 MB lower (62 MB against 81 MB after the import).
 */
const BATCH = 2_500
/** Any fixed number: the advisory lock a catalogue import holds until it commits. */
const IMPORT_LOCK = 7_240_022

/** Published files kept for a one-click restore (the current one included). */
export const KEEP_VERSIONS = 5

/** What catalog_state.content_hash records for a file. */
export const catalogHash = (input: string | Buffer) =>
	crypto.createHash('sha256').update(input).digest('hex')

/**
 * The one import path (`npm run catalog:import`, the start-up file and the admin upload): replaces
 * the catalogue with the CSV's valid rows in one transaction, unless the file's content hash
 * matches what is loaded, and keeps the file as a version that can be restored. A refused file
 * leaves the previous catalogue in place.
 */
export async function importCatalog(
	db: Db,
	input: string | Buffer,
	{
		dryRun = false,
		force = false,
		publishedBy = 'command line',
		fromStartupFile = false,
	}: { dryRun?: boolean; force?: boolean; publishedBy?: string; fromStartupFile?: boolean } = {},
): Promise<ImportReport> {
	const parsed = parseCatalogCsv(input, categoryChecker(await readCategoryData(db)))
	if (!parsed.ok) return { status: 'refused', error: parsed.error }
	if (parsed.products.length === 0) {
		return { status: 'refused', error: 'The file has no valid product rows.' }
	}
	if (dryRun) {
		return {
			status: 'valid',
			imported: parsed.products.length,
			rejected: parsed.errors,
			products: parsed.products,
		}
	}
	const contentHash = catalogHash(input)
	const csv = typeof input === 'string' ? input : input.toString('utf8')
	return db.transaction(async (tx) => {
		const state = await lockCatalog(tx)
		if (state?.contentHash === contentHash && !force) {
			return { status: 'unchanged' as const, imported: 0 as const, rejected: parsed.errors }
		}
		const version = await replaceCatalog(tx, state, {
			products: parsed.products,
			csv,
			contentHash,
			publishedBy,
			summary: null,
			fileHash: fromStartupFile ? contentHash : undefined,
		})
		await recordCatalogChange(tx, {
			by: publishedBy,
			action: 'file published',
			detail: `${parsed.products.length} products${parsed.errors.length ? `, ${parsed.errors.length} rows skipped` : ''}`,
		})
		return {
			status: 'imported' as const,
			imported: parsed.products.length,
			rejected: parsed.errors,
			version,
		}
	})
}

/** A line in the catalogue's history (the editor's and the imports'), with the change it records. */
export async function recordCatalogChange(tx: Tx, change: typeof catalogChanges.$inferInsert) {
	await tx.insert(catalogChanges).values(change)
}

/**
 * Takes the catalogue lock (held until the transaction commits) and reads its state row: an
 * import and an editor save never interleave.
 */
export async function lockCatalog(tx: Tx) {
	// Instances starting at once on an empty database each load the file; the row lock below
	// has no row to hold yet, so imports queue on an advisory lock until this one commits.
	await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK})`)
	const [state] = await tx.select().from(catalogState).where(eq(catalogState.id, 1)).for('update')
	return state
}

/**
 * Replaces the products with a new catalogue, bumps the version every instance polls, and keeps
 * the file as a version for a one-click restore (the last few only). Inside lockCatalog's
 * transaction; returns the new version.
 */
export async function replaceCatalog(
	tx: Tx,
	state: { version: number; contentHash: string } | undefined,
	next: {
		products: Product[]
		/** The rows that differ from those stored, when the caller knows (an editor's save). */
		changed?: Product[]
		csv: string
		contentHash: string
		publishedBy: string
		summary: string | null
		/** Set when the start-up file is loaded; kept as it was otherwise. */
		fileHash?: string
	},
) {
	// Only rows that differ are written: an editor's save at 50,000 products rewrote every row (and
	// left 50,000 dead ones for the nightly vacuum), 1.5 s of its time.
	const written = next.changed ?? next.products
	for (let i = 0; i < written.length; i += BATCH) {
		await upsertProducts(tx, written.slice(i, i + BATCH))
	}
	// A product's id is its row in the file: a shorter file leaves the last ones behind.
	await tx.delete(products).where(gte(products.position, next.products.length))
	const version = (state?.version ?? 0) + 1
	const { contentHash, csv, publishedBy, summary, fileHash } = next
	const productCount = next.products.length
	// What other instances need to load only this save's rows (Catalog); a whole file, or a save
	// that rewrote more than a load reads in one statement, is read whole.
	const changedIds =
		state && next.changed && next.changed.length <= LOAD_PAGE_SIZE
			? next.changed.map((p) => p.id)
			: null
	const changes = { previousHash: changedIds && state ? state.contentHash : null, changedIds }
	await tx
		.insert(catalogState)
		.values({ id: 1, contentHash, version, productCount, fileHash, ...changes })
		.onConflictDoUpdate({
			target: catalogState.id,
			set: { contentHash, version, productCount, fileHash, ...changes, importedAt: new Date() },
		})
	// Other instances on PostgreSQL load it at once (catalog-notify.ts), delivered at commit.
	await tx.execute(sql`select pg_notify(${CATALOG_CHANNEL}, ${String(version)})`)
	await tx.insert(catalogVersions).values({
		csvGzip: await packedFile(csv),
		contentHash,
		productCount,
		publishedBy,
		summary,
	})
	const kept = tx
		.select({ id: catalogVersions.id })
		.from(catalogVersions)
		.orderBy(desc(catalogVersions.id))
		.limit(KEEP_VERSIONS)
	await tx.delete(catalogVersions).where(notInArray(catalogVersions.id, kept))
	return version
}

/**
 * A new catalogue version with the same products (a category changed: categories.ts), inside
 * lockCatalog's transaction: every instance's read model sees the version and reloads only the
 * categories (no product rows changed, so none are read), and its page cache is cleared then.
 */
export async function touchCatalog(
	tx: Tx,
	state: { version: number; contentHash: string; productCount: number } | undefined,
) {
	const version = (state?.version ?? 0) + 1
	const contentHash = state?.contentHash ?? ''
	const changes = { version, previousHash: contentHash, changedIds: [] as string[] }
	await tx
		.insert(catalogState)
		.values({ id: 1, contentHash, productCount: state?.productCount ?? 0, ...changes })
		.onConflictDoUpdate({ target: catalogState.id, set: changes })
	await tx.execute(sql`select pg_notify(${CATALOG_CHANNEL}, ${String(version)})`)
	return version
}

/**
 * The products table's columns (database name, type, and the product field each holds), read
 * from the Drizzle schema: jsonb_to_recordset unpacks a batch by them, so there is no second map.
 */
const TABLE_COLUMNS = Object.entries(getTableColumns(products)).map(([field, column]) => ({
	field,
	name: column.name,
	type: column.getSQLType(),
}))
const COLUMNS = sql.raw(TABLE_COLUMNS.map(({ name, type }) => `${name} ${type}`).join(', '))
const NAME_LIST = TABLE_COLUMNS.map(({ name }) => name)
const NAMES = sql.raw(NAME_LIST.join(', '))

/** Every column but the id an upsert matches on. */
const SET_LIST = NAME_LIST.filter((name) => name !== 'id')
/** Columns an upsert sets when the stored row differs. */
const UPDATED = sql.raw(SET_LIST.map((name) => `${name} = excluded.${name}`).join(', '))
const STORED = sql.raw(`(${SET_LIST.map((name) => `products.${name}`).join(', ')})`)
const INCOMING = sql.raw(`(${SET_LIST.map((name) => `excluded.${name}`).join(', ')})`)

async function upsertProducts(tx: Tx, batch: Product[]) {
	// A product's position in the catalogue is its id (ids are assigned in file order).
	const rows = batch.map((p) => {
		const fields: Record<string, unknown> = { ...p, position: Number(p.id) }
		return Object.fromEntries(TABLE_COLUMNS.map(({ field, name }) => [name, fields[field]]))
	})
	await tx.execute(
		sql`insert into ${products} (${NAMES}) select ${NAMES} from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(${COLUMNS})
			on conflict (id) do update set ${UPDATED} where ${STORED} is distinct from ${INCOMING}`,
	)
}
