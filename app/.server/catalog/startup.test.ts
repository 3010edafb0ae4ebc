import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Writable } from 'node:stream'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { catalogState } from '~/.server/db/schema'
import { createTestDatabase, type TestDatabase } from '../../../tests/support/db'
import { catalogHash, importCatalog } from './import'
import { loadCatalogFile } from './startup'

let database: TestDatabase
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'koi-startup-'))
const file = path.join(dir, 'products.csv')
const lines: Array<{ msg: string; status?: string; line?: number }> = []
const logger = pino(
	{ level: 'info' },
	new Writable({
		write(chunk, _encoding, done) {
			lines.push(JSON.parse(String(chunk)))
			done()
		},
	}),
)
const demo = fs.readFileSync('catalog/products.csv', 'utf8')

beforeAll(async () => {
	database = await createTestDatabase()
})
afterAll(async () => {
	await database?.cleanup()
	fs.rmSync(dir, { recursive: true, force: true })
})

describe('loading the catalogue file at start', () => {
	it('imports a new file, skips the same file without re-reporting its bad rows, imports a changed one', async () => {
		fs.writeFileSync(file, `${demo.trimEnd()}\nBad,X-1,/images/products/x.jpg,,V,nope,1.00,,,,,\n`)
		expect((await loadCatalogFile(database.db, file, logger))?.status).toBe('imported')
		expect(lines.filter((l) => l.msg === 'catalogue row skipped')).toHaveLength(1)

		lines.length = 0
		expect(await loadCatalogFile(database.db, file, logger)).toEqual({
			status: 'unchanged',
			imported: 0,
			rejected: [],
		})
		expect(lines.map((l) => [l.msg, l.status])).toEqual([['catalogue import', 'unchanged']])

		fs.writeFileSync(file, demo)
		expect((await loadCatalogFile(database.db, file, logger))?.status).toBe('imported')
	}, 60_000)

	it('keeps what the owner published since: a restart with the same file changes nothing', async () => {
		fs.writeFileSync(file, demo)
		await loadCatalogFile(database.db, file, logger)
		const owners = demo.replace('128.99', '99.00')
		expect((await importCatalog(database.db, owners, { publishedBy: 'owner' })).status).toBe(
			'imported',
		)
		expect((await loadCatalogFile(database.db, file, logger))?.status).toBe('unchanged')
		const [state] = await database.db.select().from(catalogState)
		expect(state?.contentHash).toBe(catalogHash(owners))
		// A new file from the developer is loaded.
		fs.writeFileSync(file, demo.replace('128.99', '120.00'))
		expect((await loadCatalogFile(database.db, file, logger))?.status).toBe('imported')
	}, 60_000)
})
