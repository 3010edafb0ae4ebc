import crypto from 'node:crypto'
import { and, desc, eq, gt, lte } from 'drizzle-orm'
import type { Db } from '~/.server/db/client'
import { catalogState, catalogUploads, catalogVersions } from '~/.server/db/schema'
import { packedColumn, packedFile, unpackFile, versionFile } from './catalog-file'
import { type ImportReport, importCatalog } from './import'
import { previewCatalog } from './preview'

/** An upload not confirmed within a day is dropped. */
const UPLOAD_TTL_MS = 24 * 60 * 60 * 1000

export type UploadResult = { ok: true; id: string } | { ok: false; error: string }

/**
 * Checks an uploaded file and keeps it on the server under a random id until the admin confirms:
 * the browser never sends the file twice, and publish reads it back from here. A refused file is
 * not kept.
 */
export async function stageUpload(
	db: Db,
	{ bytes, fileName, uploadedBy }: { bytes: Buffer; fileName: string; uploadedBy: string },
): Promise<UploadResult> {
	const result = await previewCatalog(db, bytes)
	if (!result.ok) return result
	await db.delete(catalogUploads).where(lte(catalogUploads.expiresAt, new Date()))
	const id = crypto.randomBytes(16).toString('hex')
	await db.insert(catalogUploads).values({
		id,
		csvGzip: await packedFile(bytes),
		fileName,
		preview: result.preview,
		uploadedBy,
		expiresAt: new Date(Date.now() + UPLOAD_TTL_MS),
	})
	return { ok: true, id }
}

const unexpired = (id: string) =>
	and(eq(catalogUploads.id, id), gt(catalogUploads.expiresAt, new Date()))

/** A staged upload's preview (without the file, which can be megabytes). */
export async function findUpload(db: Db, id: string) {
	const [upload] = await db
		.select({
			id: catalogUploads.id,
			fileName: catalogUploads.fileName,
			preview: catalogUploads.preview,
		})
		.from(catalogUploads)
		.where(unexpired(id))
	return upload
}

/** Publishes a staged upload through the one import path, then forgets it. */
export async function publishUpload(
	db: Db,
	id: string,
	publishedBy: string,
): Promise<ImportReport | undefined> {
	const [upload] = await db
		.select({ packed: packedColumn(catalogUploads.csvGzip), text: catalogUploads.csv })
		.from(catalogUploads)
		.where(unexpired(id))
	if (!upload) return undefined
	const report = await importCatalog(db, await unpackFile(upload.packed, upload.text), {
		publishedBy,
	})
	if (report.status !== 'refused') await db.delete(catalogUploads).where(eq(catalogUploads.id, id))
	return report
}

/** Drops a staged upload the admin decided against. */
export async function discardUpload(db: Db, id: string) {
	await db.delete(catalogUploads).where(eq(catalogUploads.id, id))
}

/** Publishes a kept version again (a restore is a publish of an older file). */
export async function restoreVersion(
	db: Db,
	versionId: number,
	publishedBy: string,
): Promise<ImportReport | undefined> {
	const csv = await versionFile(db, versionId)
	if (csv === undefined) return undefined
	return importCatalog(db, csv, { publishedBy })
}

/**
 * The kept versions, newest first: the newest with the live file is live; an older one with the
 * same file (a restore publishes an earlier file again) is marked so, as restoring it would
 * change nothing.
 */
export async function listVersions(db: Db) {
	const [rows, [state]] = await Promise.all([
		db
			.select({
				id: catalogVersions.id,
				contentHash: catalogVersions.contentHash,
				productCount: catalogVersions.productCount,
				publishedBy: catalogVersions.publishedBy,
				publishedAt: catalogVersions.publishedAt,
				summary: catalogVersions.summary,
			})
			.from(catalogVersions)
			.orderBy(desc(catalogVersions.id)),
		db.select({ contentHash: catalogState.contentHash }).from(catalogState),
	])
	const liveId = rows.find((row) => row.contentHash === state?.contentHash)?.id
	return rows.map(({ contentHash, ...row }) => ({
		...row,
		live: row.id === liveId,
		sameAsLive: row.id !== liveId && contentHash === state?.contentHash,
	}))
}
