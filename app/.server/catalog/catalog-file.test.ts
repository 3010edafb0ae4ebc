import fs from 'node:fs'
import { desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { catalogUploads, catalogVersions, products } from '~/.server/db/schema'
import { createTestDatabase, type TestDatabase } from '../../../tests/support/db'
import { versionFile } from './catalog-file'
import { catalogHash, importCatalog } from './import'
import { publishUpload, restoreVersion, stageUpload } from './uploads'

const demo = fs.readFileSync('catalog/products.csv', 'utf8')
let database: TestDatabase

beforeAll(async () => {
	database = await createTestDatabase()
})
afterAll(async () => {
	await database?.cleanup()
})

describe('catalogue files the database keeps', () => {
	it('is kept gzipped, and read back as the file published', async () => {
		await importCatalog(database.db, demo)
		const [version] = await database.db
			.select()
			.from(catalogVersions)
			.orderBy(desc(catalogVersions.id))
			.limit(1)
		expect(version!.csv).toBeNull()
		// gzip's magic number, and far smaller than the file.
		expect(version!.csvGzip!.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]))
		expect(version!.csvGzip!.length).toBeLessThan(demo.length / 3)
		expect(await versionFile(database.db, version!.id)).toBe(demo)
		expect(await versionFile(database.db, version!.id + 1000)).toBeUndefined()
	})

	it('kept as text before migration 0023 still restores', async () => {
		const older = demo.replace('128.99', '99.50')
		const [kept] = await database.db
			.insert(catalogVersions)
			.values({
				csv: older,
				contentHash: catalogHash(older),
				productCount: 253,
				publishedBy: 'start-up file',
			})
			.returning({ id: catalogVersions.id })
		expect(await versionFile(database.db, kept!.id)).toBe(older)
		const report = await restoreVersion(database.db, kept!.id, 'owner@example.com')
		expect(report?.status).toBe('imported')
		const [changed] = await database.db
			.select({ pricePence: products.pricePence })
			.from(products)
			.where(eq(products.pricePence, 9950))
		expect(changed).toBeDefined()
	})

	it('an upload waiting to be published is kept gzipped; one staged as text still publishes', async () => {
		const file = demo.replace('128.99', '111.00')
		const staged = await stageUpload(database.db, {
			bytes: Buffer.from(file),
			fileName: 'products.csv',
			uploadedBy: 'owner@example.com',
		})
		if (!staged.ok) throw new Error(staged.error)
		const [kept] = await database.db
			.select()
			.from(catalogUploads)
			.where(eq(catalogUploads.id, staged.id))
		expect(kept!.csv).toBeNull()
		expect(kept!.csvGzip!.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]))
		expect((await publishUpload(database.db, staged.id, 'owner@example.com'))?.status).toBe(
			'imported',
		)
		expect(
			await database.db.select().from(products).where(eq(products.pricePence, 11100)),
		).toHaveLength(1)

		const older = demo.replace('128.99', '122.00')
		await database.db.insert(catalogUploads).values({
			...kept!,
			id: 'staged-before-0023',
			csv: older,
			csvGzip: null,
		})
		expect(
			(await publishUpload(database.db, 'staged-before-0023', 'owner@example.com'))?.status,
		).toBe('imported')
		expect(
			await database.db.select().from(products).where(eq(products.pricePence, 12200)),
		).toHaveLength(1)
	})
})
