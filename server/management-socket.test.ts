import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { importCatalog } from '~/.server/catalog/import'
import { openDatabase } from '~/.server/db/client'
import { parseEnv } from '~/.server/env'
import { socketUrl } from '../cli/open-runtime'
import { boot } from './app'

// What the server does when a management command wrote through its socket (embedded only).
describe.skipIf(Boolean(process.env.DATABASE_URL))('a write through the management socket', () => {
	let dataDir: string
	let runtime: Awaited<ReturnType<typeof boot>>
	beforeAll(async () => {
		dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'koi-boot-'))
		runtime = await boot(
			parseEnv({ NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
		)
	})
	afterAll(async () => {
		await runtime?.close()
		fs.rmSync(dataDir, { recursive: true, force: true })
	})

	it('is served at once: the catalogue is re-checked and cached pages are dropped', async () => {
		const original = await runtime.catalog.product('0')
		expect(original?.name).toBeTruthy()
		runtime.pageCache.set('/pond-products/filters', {
			status: 200,
			headers: [],
			body: Buffer.from(original!.name),
			nonce: 'n',
		})
		expect(runtime.pageCache.size).toBe(1)

		const changes = runtime.database.changes!.value
		const command = await openDatabase({ url: socketUrl(dataDir), poolSize: 1, migrated: true })
		const csv = fs
			.readFileSync('catalog/products.csv', 'utf8')
			.replace(`${original!.name},`, 'Renamed Through The Socket,')
		expect((await importCatalog(command.db, csv)).status).toBe('imported')
		await command.close()
		// What the server remembers from unchanged data (order-page-cache.ts) knows it changed.
		expect(runtime.database.changes!.value).toBeGreaterThan(changes)

		await expect.poll(() => runtime.pageCache.size, { timeout: 1000, interval: 20 }).toBe(0)
		// The new catalogue goes live as soon as it is built, not at the next one-second version
		// check; on a busy machine a read may still get the old one while it builds (SWAP_WAIT_MS).
		const name = async () => (await runtime.catalog.product('0'))?.name
		await expect.poll(name, { timeout: 800, interval: 20 }).toBe('Renamed Through The Socket')
	})
})
