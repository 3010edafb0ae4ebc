/**
 * npm run bench:catalogue-sync: how soon a second instance's catalogue read model shows an
 * editor's save at 50,000 products (issue 32 item 2: 'other instances within 1 s'). Two read
 * models over one PostgreSQL database, in one process: A saves (hide or show one product, as the
 * list's buttons do) and adopts what it wrote; B is then asked to check at once, and the time is
 * until B shows the change. The version check's own wait (up to VERSION_CHECK_MS) comes on top.
 */
import os from 'node:os'
import pg from 'pg'
import { Catalog } from '~/.server/catalog/catalog'
import { productFingerprint } from '~/.server/catalog/edit'
import { importCatalog } from '~/.server/catalog/import'
import { changeProduct } from '~/.server/catalog/product-admin'
import { openDatabase } from '~/.server/db/client'
import { machine, percentile, writeResultsSection } from './support'
import { syntheticCatalogCsv } from './synthetic-catalog'

const ROWS = Number(process.env.BENCH_ROWS ?? 50_000)
const SAVES = 20
const SERVER = 'postgres://postgres@127.0.0.1:5432'

async function measure(open: Parameters<typeof openDatabase>[0]) {
	const database = await openDatabase(open)
	try {
		await importCatalog(database.db, syntheticCatalogCsv(ROWS))
		const [a, b] = [new Catalog(database.db), new Catalog(database.db)]
		await Promise.all([a.everything(), b.everything()])
		const row = Math.floor(ROWS / 2)
		const times: number[] = []
		for (let i = 0; i < SAVES; i++) {
			const product = (await a.everything())[row]!
			const intent = product.hidden ? 'show' : 'hide'
			const fingerprint = productFingerprint(product)
			const saved = await changeProduct(
				database.db,
				'bench@example.co.uk',
				{ intent, id: product.id, fingerprint },
				a,
			)
			if (!saved.ok) throw new Error(saved.error)
			const t0 = performance.now()
			await b.recheck()
			times.push(performance.now() - t0)
			if ((await b.everything())[row]!.hidden !== (intent === 'hide'))
				throw new Error('the second read model did not show the save')
		}
		return times
	} finally {
		await database.close()
	}
}

const loadBefore = os.loadavg()
const name = `koi_bench_sync_${Date.now()}`
const admin = new pg.Client({ connectionString: `${SERVER}/test` })
await admin.connect()
await admin.query(`create database ${name}`)
let times: number[]
try {
	times = await measure({ url: `${SERVER}/${name}`, poolSize: 4 })
} finally {
	await admin.query(`drop database ${name} with (force)`)
	await admin.end()
}
const loadAfter = os.loadavg()
const ms = (p: number) => `${Math.round(percentile(times, p))} ms`
const line = `${SAVES} saves: p50 ${ms(0.5)}, p95 ${ms(0.95)}, slowest ${ms(1)}`
writeResultsSection(
	'A second instance catching up with a save (npm run bench:catalogue-sync)',
	`Command: \`npm run bench:catalogue-sync\` (${machine()}; ${ROWS.toLocaleString('en-GB')} generated products on PostgreSQL 15; two catalogue read models in one process; load average ${loadBefore.map((l) => l.toFixed(1)).join(', ')} before, ${loadAfter.map((l) => l.toFixed(1)).join(', ')} after). Target (issue 32 item 2): other instances within 1 s, of which the version check may take up to 1 s.\n\nFrom the save's commit to the second read model showing it, asked to check at once: ${line}.`,
)
console.log(line)
