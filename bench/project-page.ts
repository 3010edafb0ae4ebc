// npm run bench:project-page: the customer's pond-build page as customers get it (issue 59: p99
// ≤ 60 ms with 16 at once), over HTTP from the production build: 16 projects sent through
// 'Plan a pond', then each private link (as the emails give it) fetched by 16 customers at once,
// 40 rounds after 5 to warm up. Twice: as served (an unchanged page is replayed to its link:
// decision 0033's addendum), then with every page rendered (HTML_CACHE_SECONDS=0), as after each
// change. Besides the latencies (which share two cores with this load generator), the server's
// own CPU time per page, read from /proc: what the code controls. DATABASE_URL measures PostgreSQL.
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

/** CPU time so far of a process and every process below it (all their threads), in ms. */
function cpuMs(pid: number) {
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

/** One server's figures: 16 at once, one at a time, CPU per page, and how many were replays. */
async function measure(port: number, env: Record<string, string>) {
	const server = await startProductionServer(
		port,
		{ TRUST_PROXY: '1', IMAGE_WARMUP: 'off', ...env },
		profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [],
	)
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
				headers: {
					origin: server.url,
					'x-forwarded-for': `10.0.0.${i + 1}`,
				},
			})
			const location = sent.headers.get('location')
			if (sent.status !== 302 || !location?.includes('key='))
				throw new Error(`enquiry ${sent.status}`)
			// The link as every email gives it (the enquiry's own redirect adds new=1 for its welcome).
			const link = new URL(location, server.url)
			link.searchParams.delete('new')
			link.hash = ''
			links.push(link.href)
		}
		// The enquiries' emails (two each) are sent first: the outbox's writes would end replays.
		const outbox = `${server.dataDir}/outbox`
		for (let waited = 0; waited < 60_000; waited += 250) {
			const sent = fs.existsSync(outbox) ? fs.readdirSync(outbox).length : 0
			if (sent >= 2 * CUSTOMERS) break
			await new Promise((resolve) => setTimeout(resolve, 250))
		}
		let replays = 0
		const round = (customers = links) =>
			Promise.all(
				customers.map(async (link) => {
					const started = performance.now()
					const res = await fetch(link, { headers: BROWSER_HEADERS })
					const body = await res.text()
					if (res.status !== 200 || !body.includes('Choose a time'))
						throw new Error(`page ${res.status}`)
					if (res.headers.get('x-page-cache') === 'replay') replays++
					return performance.now() - started
				}),
			)
		for (let i = 0; i < 5; i++) await round()
		replays = 0
		const cpuBefore = cpuMs(server.child.pid!)
		const together: number[] = []
		for (let i = 0; i < ROUNDS; i++) together.push(...(await round()))
		const cpuPerPage = (cpuMs(server.child.pid!) - cpuBefore) / together.length
		const replayed = replays / together.length
		// One customer at a time: the page's own time, with no one ahead of it.
		const alone: number[] = []
		for (let i = 0; i < ROUNDS * 4; i++) alone.push(...(await round([links[i % CUSTOMERS]!])))
		return { together, alone, cpuPerPage, replayed }
	} finally {
		await server.stop()
	}
}

// On PostgreSQL both servers, and every earlier run, count enquiries in one database, with a limit
// per address, per email and for everyone (60 an hour): the bench's start uncounted.
if (process.env.DATABASE_URL) {
	const { default: pg } = await import('pg')
	const client = new pg.Client(process.env.DATABASE_URL)
	await client.connect()
	await client.query(`delete from login_attempts where key like 'build-enquiry:%'`)
	await client.end()
}
const served = await measure(4610, {})
const rendered = await measure(4611, { HTML_CACHE_SECONDS: '0' })
const load = (await import('node:os')).loadavg()[0]!.toFixed(1)
const driver = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite on its own thread'
const row = (what: string, r: typeof served, target: string) =>
	`| ${what}: ${CUSTOMERS} at once (${Math.round(r.replayed * 100)} % replays) | p50 ${percentile(r.together, 0.5)} ms, p99 ${percentile(r.together, 0.99)} ms | ${target} |
| ${what}: one at a time, ${r.alone.length} | p50 ${percentile(r.alone, 0.5)} ms, p99 ${percentile(r.alone, 0.99)} ms | — |
| ${what}: server CPU time per page (all its threads, /proc) | ${r.cpuPerPage.toFixed(2)} ms | — |`
const body = `\`npm run bench:project-page\` (${machine()}, ${driver}, load average ${load} at the end): the production server, the page of an enquiry with its survey calendar (the largest part) by the link the emails give, gzip, ${CUSTOMERS} customers at once × ${ROUNDS} rounds after 5 to warm up; the load generator shares the two cores. As served, then with every page rendered (HTML_CACHE_SECONDS=0: as after each change).

| What | Figure | Target |
|---|---|---|
${row('As served', served, 'p99 ≤ 60 ms')}
${row('Every page rendered', rendered, '—')}

With ${CUSTOMERS} requests arriving together, the last is answered after the others' work: at ${rendered.cpuPerPage.toFixed(1)} ms of CPU a render on two cores (shared with the load generator), at least ${((CUSTOMERS * rendered.cpuPerPage) / 2).toFixed(0)} ms; as served, ${served.cpuPerPage.toFixed(1)} ms a page. The page's database read alone is bench:builds' row.${process.env.DATABASE_URL ? ' The PostgreSQL server’s own CPU time (the snapshot a replay asks for, the reads a render makes) is not in these figures.' : ''}
`
writeResultsSection(`Pond builds: the project page over HTTP (bench:project-page, ${driver})`, body)
console.log(body)
