// npm run bench:project-page: the customer's pond-build page as customers get it (issue 59: p99
// ≤ 60 ms with 16 at once), over HTTP from the production build: 16 projects sent through
// 'Plan a pond', then each private link fetched by 16 customers at once, 40 rounds after 5 to warm
// up. Besides the latencies (which share two cores with this load generator), the server's own
// CPU time per page, read from /proc: what the code controls. DATABASE_URL measures PostgreSQL.
import fs from 'node:fs'
import { buildEnquiryFields } from '../tests/support/build-enquiry'
import { processTree } from './process-tree'
import {
	BROWSER_HEADERS,
	machine,
	percentile,
	startProductionServer,
	writeResultsSection,
} from './support'

const CUSTOMERS = 16
const ROUNDS = 40
// BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it stops.
const profile = process.env.BENCH_CPU_PROF
const server = await startProductionServer(
	4610,
	{ TRUST_PROXY: '1', IMAGE_WARMUP: 'off' },
	profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [],
)
const pid = server.child.pid!

/** CPU time so far of the server and every process below it (all their threads), in ms. */
function cpuMs() {
	let ticks = 0
	for (const { pid: each } of processTree(pid)) {
		try {
			const fields = fs.readFileSync(`/proc/${each}/stat`, 'utf8').split(') ')[1]!.split(' ')
			// utime and stime: fields 14 and 15 of stat (12 and 13 after the name), in 10 ms ticks.
			ticks += Number(fields[11]) + Number(fields[12])
		} catch {
			// Ended between listing and reading.
		}
	}
	return ticks * 10
}

try {
	const links: string[] = []
	for (let i = 0; i < CUSTOMERS; i++) {
		const form = new FormData()
		const fields = buildEnquiryFields({ email: `bench${i}@example.co.uk`, details: '' })
		for (const [name, value] of Object.entries(fields)) form.append(name, value)
		const sent = await fetch(`${server.url}/plan-a-pond`, {
			method: 'POST',
			body: form,
			redirect: 'manual',
			headers: { origin: server.url, 'x-forwarded-for': `10.0.0.${i + 1}` },
		})
		const location = sent.headers.get('location')
		if (sent.status !== 302 || !location?.includes('key='))
			throw new Error(`enquiry ${sent.status}`)
		links.push(new URL(location, server.url).href)
	}
	const round = (customers = links) =>
		Promise.all(
			customers.map(async (link) => {
				const started = performance.now()
				const res = await fetch(link, { headers: BROWSER_HEADERS })
				const body = await res.text()
				if (res.status !== 200 || !body.includes('Choose a time'))
					throw new Error(`page ${res.status}`)
				return performance.now() - started
			}),
		)
	for (let i = 0; i < 5; i++) await round()
	const cpuBefore = cpuMs()
	const times: number[] = []
	for (let i = 0; i < ROUNDS; i++) times.push(...(await round()))
	const cpuPerPage = (cpuMs() - cpuBefore) / times.length
	// One customer at a time: the page's own time, with no one ahead of it.
	const alone: number[] = []
	for (let i = 0; i < ROUNDS * 4; i++) alone.push(...(await round([links[i % CUSTOMERS]!])))
	const load = (await import('node:os')).loadavg()[0]!.toFixed(1)
	const driver = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite on its own thread'
	const body = `\`npm run bench:project-page\` (${machine()}, ${driver}, load average ${load} while measuring): the production server, the page of an enquiry with its survey calendar (the largest part), gzip, ${CUSTOMERS} customers at once × ${ROUNDS} rounds after 5 to warm up; the load generator shares the two cores.

| What | Figure | Target |
|---|---|---|
| Project page over HTTP, ${CUSTOMERS} at once | p50 ${percentile(times, 0.5)} ms, p99 ${percentile(times, 0.99)} ms | p99 ≤ 60 ms |
| The same pages one at a time, ${alone.length} | p50 ${percentile(alone, 0.5)} ms, p99 ${percentile(alone, 0.99)} ms | — |
| Server CPU time per page (all its threads, /proc) | ${cpuPerPage.toFixed(2)} ms | — |

With ${CUSTOMERS} requests arriving together, the last is answered after the others' work: at ${cpuPerPage.toFixed(1)} ms of CPU a page on two cores (shared with the load generator), at least ${((CUSTOMERS * cpuPerPage) / 2).toFixed(0)} ms. The p99 with ${CUSTOMERS} at once is that queue, so the figure the code controls is the CPU time per page; the page's database read alone is bench:builds' row.
`
	writeResultsSection(
		`Pond builds: the project page over HTTP (bench:project-page, ${driver})`,
		body,
	)
	console.log(body)
} finally {
	await server.stop()
}
