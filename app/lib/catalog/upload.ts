/** The largest catalogue file the admin upload takes (a 50,000-row catalogue is about 8 MB). */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024
export const MAX_UPLOAD_LABEL = '20 MB'

export type Named = { code: string; name: string }
export type PriceChange = Named & { fromPence: number | null; toPence: number | null }

/** What publishing a file would do, against the catalogue live when it was checked. */
export type UploadPreview = {
	products: number
	categories: Record<string, number>
	rejectedCount: number
	rejected: Array<{ line: number; reason: string }>
	addedCount: number
	added: Named[]
	removedCount: number
	removed: Named[]
	priceChangedCount: number
	priceChanged: PriceChange[]
}
