// npm run bench:visit-flood (issue 57 item 6): 2,000 page views from one address, each with a
// User-Agent of its own (a new visitor key each), against the production build; then the rows
// visit counting wrote, read from the stopped shop's database. Target: at most the per-address
// cap (app/.server/analytics/visit-caps.ts).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { count } from 'drizzle-orm'
import { VISIT_CAPS } from '~/.server/analytics/visit-caps'
import { openDatabase } from '~/.server/db/client'
import { pageViews } from '~/.server/db/schema'
import { machine, startProductionServer, writeResultsSection } from './support'

const PORT = 4391
const REQUESTS = 2000
const loadBefore = os
	.loadavg()
	.map((l) => l.toFixed(2))
	.join(', ')
/** One flood on a fresh shop: `browsers` User-Agents in turn; the rows it wrote. */
async function flood(browsers: number) {
	const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'koi-bench-visits-'))
	const server = await startProductionServer(PORT, { DATA_DIR: dataDir })
	const statuses = new Map<number, number>()
	const started = performance.now()
	try {
		let next = 0
		await Promise.all(
			Array.from({ length: 8 }, async () => {
				while (next < REQUESTS) {
					const i = next++ % browsers
					const res = await fetch(`${server.url}/pond-products`, {
						headers: { 'user-agent': `Mozilla/5.0 (X11; Linux x86_64; rv:${i}.0) Firefox/${i}.0` },
					})
					await res.arrayBuffer()
					statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1)
				}
			}),
		)
		// The recorder writes once a second; stopping the shop flushes the rest.
	} finally {
		await server.stop({ keepData: true })
	}
	const seconds = ((performance.now() - started) / 1000).toFixed(1)
	const database = await openDatabase({ dataDir: path.join(dataDir, 'db') })
	const [row] = await database.db.select({ n: count() }).from(pageViews)
	await database.close()
	fs.rmSync(dataDir, { recursive: true, force: true })
	const answered = [...statuses].map(([s, n]) => `${n} × ${s}`).join(', ')
	return { rows: row?.n ?? 0, seconds, answered }
}

const runs = [
	{ browsers: REQUESTS, what: 'a new User-Agent on every request' },
	{ browsers: 30, what: '30 User-Agents in turn' },
]
const lines: string[] = []
let worst = 0
for (const { browsers, what } of runs) {
	const { rows, seconds, answered } = await flood(browsers)
	worst = Math.max(worst, rows)
	lines.push(
		`| ${REQUESTS} views of \`/pond-products\`, ${what}, in ${seconds} s | ${answered} | **${rows}** |`,
	)
}
const body = `Command: \`npx tsx bench/visit-flood.ts\` (${machine()}; \`uptime\` load ${loadBefore} before, ${os
	.loadavg()
	.map((l) => l.toFixed(2))
	.join(
		', ',
	)} after). PGlite, production build, one address (loopback), each flood on a fresh shop. The caps: per address ${VISIT_CAPS.perAddress} views and ${VISIT_CAPS.keysPerAddress} new visitor keys a day, per visitor key ${VISIT_CAPS.perVisitor}.

| Flood | Answered | Rows written to \`analytics_page_views\` |
|---|---|---|
${lines.join('\n')}

Before issue 57 every one of them was a row and a new visitor. The address's cap counts every view that arrives, a refused key's too, so 30 browsers in turn stop below 600. The caps live in the database, so they hold across instances (\`visit-caps.test.ts\`).`
writeResultsSection('Visit counting under a flood (npx tsx bench/visit-flood.ts)', body)
console.log(body)
if (worst > VISIT_CAPS.perAddress) process.exitCode = 1
