import { and, asc, eq, inArray } from 'drizzle-orm'
import type { Db, Tx } from '~/.server/db/client'
import { buildPhotos } from '~/.server/db/schema'
import type { PreparedPhoto } from '~/.server/orders/after-sale/request-photos'

/** The site photos sent with an enquiry, prepared as problem reports' are (checked, re-encoded). */
export async function insertProjectPhotos(tx: Tx, projectId: string, photos: PreparedPhoto[]) {
	if (photos.length)
		await tx
			.insert(buildPhotos)
			.values(photos.map((p, position) => ({ projectId, position, ...p })))
}

/** The photos' ids and sizes, without their bytes. */
export function projectPhotoList(db: Db, projectId: string) {
	return db
		.select({ id: buildPhotos.id, width: buildPhotos.width, height: buildPhotos.height })
		.from(buildPhotos)
		.where(eq(buildPhotos.projectId, projectId))
		.orderBy(asc(buildPhotos.position))
}

export async function projectPhoto(db: Db, projectId: string, photoId: number) {
	const [row] = await db
		.select({ bytes: buildPhotos.bytes, contentType: buildPhotos.contentType })
		.from(buildPhotos)
		.where(and(eq(buildPhotos.projectId, projectId), eq(buildPhotos.id, photoId)))
	return row
}

/** UK GDPR erasure: the site photos a customer sent are theirs, and go with their account. */
export async function deleteProjectPhotos(tx: Tx, projectIds: string[]) {
	if (projectIds.length)
		await tx.delete(buildPhotos).where(inArray(buildPhotos.projectId, projectIds))
}
