import { promisify } from 'node:util'
import zlib from 'node:zlib'
import { eq, sql } from 'drizzle-orm'
import type { Db } from '~/.server/db/client'
import { catalogVersions } from '~/.server/db/schema'

const gzip = promisify(zlib.gzip)
const gunzip = promisify(zlib.gunzip)

/**
 * A catalogue version's file as it is kept: gzipped (on libuv's pool, off the server's thread).
 * At 50,000 products the file is 7.7 MB of text and 1.1 MB gzipped; kept as text, each editor's
 * save made the embedded database's memory, which never shrinks, grow by several copies of it.
 */
export const packVersionFile = (csv: string) =>
	// Level 1: it runs inside the publishing transaction; 1.1 MB in 41 ms against 0.9 MB in 95 ms.
	gzip(csv, { level: 1 })

/** A kept version's file, or undefined if there is no such version. */
export async function versionFile(db: Db, versionId: number): Promise<string | undefined> {
	const [version] = await db
		.select({
			// As base64 text: the drivers' own bytea decoding is byte by byte in JavaScript.
			gzip: sql<string | null>`encode(${catalogVersions.csvGzip}, 'base64')`,
			text: catalogVersions.csv,
		})
		.from(catalogVersions)
		.where(eq(catalogVersions.id, versionId))
	if (!version) return undefined
	// Versions kept before migration 0023 hold their file as text until they are pruned.
	if (version.gzip === null) return version.text ?? ''
	return (await gunzip(Buffer.from(version.gzip, 'base64'))).toString('utf8')
}
