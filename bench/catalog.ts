// npm run bench:catalog: a 50,000-product catalogue — import time, then server-side latency of a
// category page, a common-substring search and a product page (≥ 1,000 requests each), and RSS.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { serverRssMb } from './process-tree'
import { machine, startProductionServer, summarise, writeResultsSection } from './support'
import { syntheticCatalogCsv } from './synthetic-catalog'

const ROWS = Number(process.env.BENCH_ROWS ?? 50_000)
const REQUESTS = 1500
const PORT = 4531

async function measure(url: string) {
	// A page that only renders its error message would look fast: check the real page first.
	const check = await fetch(url)
	const html = await check.text()
	if (check.status !== 200 || html.includes('Failed to load'))
		throw new Error(`${url} did not render: ${check.status}`)
	// The server runs with the page cache off: this is the cost of rendering, not of replaying.
	// One connection: the latency is the server's own time per request, not queueing.
	const result = await autocannon({
		url,
		connections: 1,
		amount: REQUESTS,
	})
	return {
		p50: result.latency.p50,
		p99: result.latency.p99,
		rps: Math.round(result.requests.average),
		errors: result.errors + result.non2xx,
	}
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'koi-bench-catalog-'))
const csv = path.join(dir, 'products.csv')
fs.writeFileSync(csv, syntheticCatalogCsv(ROWS))
const dataDir = path.join(dir, 'data')
const importStarted = Date.now()
const report = execFileSync('npx', ['tsx', 'cli/catalog-import.ts', csv], {
	env: { ...process.env, DATA_DIR: dataDir },
	encoding: 'utf8',
})
const importSeconds = (Date.now() - importStarted) / 1000
// The import's own time as the command reports it ("Imported 50000 rows in 2.9 s; …").
const importOwnSeconds = Number(/in ([\d.]+) s/.exec(report)?.[1] ?? Number.NaN)
// The page cache off: every request renders (a cookie no longer bypasses the cache on the
// catalogue, which is the same for everyone: decision 0014).
const server = await startProductionServer(PORT, {
	DATA_DIR: dataDir,
	CATALOG_FILE: csv,
	HTML_CACHE_SECONDS: '0',
})
try {
	await fetch(`${server.url}/pond-products/pumps`)
	const rssAfterImport = serverRssMb(server.child.pid!)
	const category = await measure(`${server.url}/pond-products/pumps?page=250`)
	const search = await measure(`${server.url}/pond-products?search=pump`)
	const product = await measure(`${server.url}/pond-products/skimmers/25004`)
	const rssAfter = serverRssMb(server.child.pid!)
	const row = (name: string, m: Awaited<ReturnType<typeof measure>>) =>
		`| ${name} | ${m.p50} ms | ${m.p99} ms | ${m.rps} | ${m.errors} |`
	const body = `
Command: \`npm run bench:catalog\` (${machine()}; ${ROWS.toLocaleString('en-GB')} synthetic products, ${REQUESTS} requests per page, one connection, page cache off; load average at start ${os.loadavg()[0]?.toFixed(1)}).

Import (CLI, PGlite): **${importOwnSeconds.toFixed(1)} s** as the command reports it (target ≤ 3 s); ${importSeconds.toFixed(1)} s including tsx start-up and creating the database — ${report.trim().split('\n')[0]}

| Page | p50 | p99 | req/s | errors |
|---|---|---|---|---|
${row('Category page (`/pond-products/pumps?page=250`)', category)}
${row('Search, common substring (`/pond-products?search=pump`)', search)}
${row('Product page (`/pond-products/skimmers/25004`)', product)}

Targets: p50 ≤ 10 ms, p99 ≤ 40 ms. Server RSS: ${rssAfterImport} MB after loading the catalogue, ${rssAfter} MB after the run (target ≤ 350 MB).
`
	writeResultsSection('Catalogue at 50,000 products', body)
	const pages = { category, search, product }
	summarise([
		{
			target: '7',
			measure: 'Import of 50,000 products',
			result: `${importOwnSeconds.toFixed(1)} s`,
			goal: '≤ 3 s',
			met: importOwnSeconds <= 3,
		},
		...Object.entries(pages).map(([name, m]) => ({
			target: '7',
			measure: `${name} page at 50,000 products, p50 / p99`,
			result: `${m.p50} / ${m.p99} ms`,
			goal: '≤ 10 / 40 ms',
			met: m.p50 <= 10 && m.p99 <= 40 && m.errors === 0,
		})),
		{
			target: '4',
			measure: 'Server RSS with 50,000 products (after the page runs)',
			result: `${rssAfter} MB`,
			goal: '≤ 350 MB',
			met: rssAfter <= 350,
		},
	])
	console.log(body)
} finally {
	await server.stop()
	fs.rmSync(dir, { recursive: true, force: true })
}
