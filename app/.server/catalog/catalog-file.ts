import { promisify } from 'node:util'
import zlib from 'node:zlib'
import { type AnyColumn, eq, type SQL, sql } from 'drizzle-orm'
import type { Db } from '~/.server/db/client'
import { catalogVersions } from '~/.server/db/schema'

const gzip = promisify(zlib.gzip)
const gunzip = promisify(zlib.gunzip)

/**
 * Catalogue files the database keeps (each version, and an upload waiting to be published) are
 * gzipped. At 50,000 products a file is 7.7 MB of text and 1.1 MB gzipped; kept as text, each
 * save made the embedded database's memory, which never shrinks, grow by several copies of it.
 */

/**
 * The value to store: gzipped on libuv's pool (level 1, as a save does it inside its transaction:
 * 1.1 MB in 41 ms against 0.9 MB in 95 ms), sent as base64 text the database decodes (a bytea
 * parameter is hex built in JavaScript, 300 ms more a save).
 */
export async function packedFile(csv: string | Buffer): Promise<SQL> {
	const gzipped = await gzip(csv, { level: 1 })
	return sql`decode(${gzipped.toString('base64')}, 'base64')`
}

/** A kept file's column as base64 text: the drivers' own bytea decoding is byte by byte. */
export const packedColumn = (column: AnyColumn) => sql<string | null>`encode(${column}, 'base64')`

/** The file from its packed column, or from its text column in rows kept before migration 0023. */
export async function unpackFile(packed: string | null, text: string | null) {
	if (packed === null) return text ?? ''
	return (await gunzip(Buffer.from(packed, 'base64'))).toString('utf8')
}

/** A kept version's file, or undefined if there is no such version. */
export async function versionFile(db: Db, versionId: number): Promise<string | undefined> {
	const [version] = await db
		.select({ packed: packedColumn(catalogVersions.csvGzip), text: catalogVersions.csv })
		.from(catalogVersions)
		.where(eq(catalogVersions.id, versionId))
	return version && unpackFile(version.packed, version.text)
}
