// npm run bench:audit: 100,000 audit entries (issue 60 item 5) from five people over two years;
// a signed-in owner's /admin/audit, its filters and a deep page, on PGlite (server-side latency,
// one request at a time, so the figure is the server's own time per request). Target p95 ≤ 150 ms.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { openDatabase } from '~/.server/db/client'
import { auditLog } from '~/.server/db/schema'
import { AUDIT_KIND_LIST } from '~/lib/audit'
import {
	machine,
	percentile,
	signInCookie,
	startProductionServer,
	writeResultsSection,
} from './support'

const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 100_000)
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200)
const PORT = 4341
const OWNER = { email: 'bench-owner@example.co.uk', password: 'bench owner password' }
const PEOPLE = ['p1', 'p2', 'p3', 'p4', 'p5']

async function seed(dataDir: string) {
	const database = await openDatabase({ dataDir, poolSize: 2 })
	const now = Date.now()
	for (let start = 0; start < ENTRIES; start += 1000) {
		const batch = Array.from({ length: Math.min(1000, ENTRIES - start) }, (_, k) => {
			const i = start + k
			const person = PEOPLE[i % PEOPLE.length]!
			return {
				// Oldest first, as they would have been written.
				at: new Date(now - ((ENTRIES - i) * 2 * 365 * 86_400_000) / ENTRIES),
				actorId: person,
				actorEmail: `${person}@example.co.uk`,
				actorRole: i % 3 ? 'staff' : 'owner',
				kind: AUDIT_KIND_LIST[i % AUDIT_KIND_LIST.length]!,
				subject: `KP-${i.toString(36).toUpperCase().padStart(6, '0')}`,
				changes: [{ field: 'deliveryCost', from: '£20.00', to: '£35.00' }],
				detail: '£35.00: goodwill',
				ip: `192.0.2.${i % 250}`,
			}
		})
		await database.db.insert(auditLog).values(batch)
	}
	await database.close()
}

const PAGES: Array<[string, string]> = [
	['Newest 50', '/admin/audit'],
	['Page 100 (entries 4,951–5,000)', '/admin/audit?page=100'],
	['Filter: kind', '/admin/audit?kind=order.refund'],
	['Filter: person', '/admin/audit?person=p3'],
	['Filter: date range', '/admin/audit?from=2026-01-01&to=2026-03-31'],
	['All filters together', '/admin/audit?person=p2&kind=staff.role&from=2025-06-01&to=2026-06-01'],
]

async function measure(url: string, cookie: string) {
	const check = await fetch(url, { headers: { cookie } })
	if (check.status !== 200) throw new Error(`${url} did not render: ${check.status}`)
	await check.text()
	const times: number[] = []
	for (let i = 0; i < REQUESTS; i++) {
		const started = performance.now()
		const res = await fetch(url, { headers: { cookie } })
		await res.arrayBuffer()
		times.push(performance.now() - started)
	}
	return { p50: percentile(times, 0.5), p95: percentile(times, 0.95) }
}

const loadBefore = os.loadavg()[0]?.toFixed(1)
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'koi-bench-audit-'))
fs.chmodSync(dataDir, 0o700)
await seed(path.join(dataDir, 'db'))
execFileSync(
	'npx',
	['tsx', 'cli/admin-create.ts', '--email', OWNER.email, '--password', OWNER.password],
	{ env: { ...process.env, DATA_DIR: dataDir }, stdio: 'ignore' },
)
const server = await startProductionServer(PORT, { DATA_DIR: dataDir, OUTBOX_POLL_MS: '60000' })
const rows: string[] = []
try {
	const cookie = await signInCookie(server.url, OWNER)
	for (const [name, page] of PAGES) {
		const m = await measure(`${server.url}${page}`, cookie)
		rows.push(`| ${name} (\`${page}\`) | ${m.p50} ms | ${m.p95} ms |`)
	}
} finally {
	await server.stop()
}

const body = `
Command: \`npm run bench:audit\` (${machine()}; PGlite; ${ENTRIES.toLocaleString('en-GB')} audit entries from five people over two years; a signed-in owner; ${REQUESTS} requests per page, one at a time; load average ${loadBefore} before, ${os.loadavg()[0]?.toFixed(1)} after).

| Page | p50 | p95 |
|---|---|---|
${rows.join('\n')}

Target: p95 ≤ 150 ms (issue 60).
`
writeResultsSection('Audit log at 100,000 entries', body)
console.log(body)
