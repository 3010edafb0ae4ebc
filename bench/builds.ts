// npm run bench:builds: pond builds' read models (issue 59) on PGlite, in process: the admin
// board with 2,000 projects (p95) and the customer's project page read with 16 at once (p99).
// Server-side read time only (no HTTP, no rendering): the pages' HTTP figures are still to take.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { customerProjectPage, projectBoard } from '~/.server/builds/project-pages'
import { openDatabase } from '~/.server/db/client'
import { buildEvents, buildProjects, surveyBookings } from '~/.server/db/schema'
import { PROJECT_STATUSES } from '~/lib/builds/project-status'
import { machine, percentile, writeResultsSection } from './support'

const PROJECTS = Number(process.env.BENCH_PROJECTS ?? 2_000)
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-builds-'))
const database = await openDatabase({ dataDir, thread: true })
const db = database.db
const now = Date.now()
for (let start = 0; start < PROJECTS; start += 500) {
	const rows = Array.from({ length: Math.min(500, PROJECTS - start) }, (_, k) => {
		const i = start + k
		const at = new Date(now - i * 3_600_000)
		return {
			id: `PB-${i.toString(36).toUpperCase().padStart(6, '0')}`,
			userId: null,
			createdAt: at,
			updatedAt: at,
			status: PROJECT_STATUSES[i % PROJECT_STATUSES.length]!,
			name: `Customer ${i}`,
			email: `customer${i}@example.co.uk`,
			phone: '01463 123456',
			address: `${i} Loch Road, Inverness`,
			postcode: 'IV2 3XY',
			type: 'koi' as const,
			size: '4 m by 3 m',
			budget: '10-20k' as const,
			timescale: '3-months' as const,
			heardFrom: 'search' as const,
		}
	})
	await db.insert(buildProjects).values(rows)
	await db.insert(buildEvents).values(
		rows.flatMap((r) => [
			{ projectId: r.id, kind: 'enquiry' as const, actor: 'customer', text: 'Enquiry received.' },
			{
				projectId: r.id,
				kind: 'message' as const,
				actor: 'staff@example.co.uk',
				text: 'See you soon.',
			},
		]),
	)
	await db.insert(surveyBookings).values(
		rows
			.filter((r) => r.status === 'survey_booked')
			.map((r, k) => {
				const startsAt = new Date(now + (start + k + 1) * 86_400_000)
				return {
					projectId: r.id,
					startsAt,
					endsAt: new Date(startsAt.getTime() + 5_400_000),
					bookedBy: 'customer',
				}
			}),
	)
}

async function timed<T>(fn: () => Promise<T>) {
	const started = performance.now()
	await fn()
	return performance.now() - started
}

const filters = { view: 'board' as const, page: 1 }
for (let i = 0; i < 10; i++) await projectBoard(db, filters)
const board: number[] = []
for (let i = 0; i < 200; i++) board.push(await timed(() => projectBoard(db, filters)))

const projects = await db.select().from(buildProjects).limit(64)
const page: number[] = []
for (let round = 0; round < 40; round++)
	page.push(
		...(await Promise.all(
			Array.from({ length: 16 }, (_, k) =>
				timed(() => customerProjectPage(db, projects[(round + k) % 64]!, new Date())),
			),
		)),
	)
await database.close()
fs.rmSync(dataDir, { recursive: true, force: true })

const load = os.loadavg()[0]!.toFixed(0)
const body = `\`npm run bench:builds\` (${machine()}, load average ${load} while measuring), PGlite on its own thread, in process (read models only: no HTTP, no rendering).

| What | Figure | Target |
|---|---|---|
| Admin board, ${PROJECTS.toLocaleString('en-GB')} projects, 200 reads | p50 ${percentile(board, 0.5)} ms, p95 ${percentile(board, 0.95)} ms | p95 ≤ 150 ms (page) |
| Project page read, 16 at once × 40 rounds | p50 ${percentile(page, 0.5)} ms, p99 ${percentile(page, 0.99)} ms | p99 ≤ 60 ms (page) |
`
writeResultsSection('Pond builds (bench:builds)', body)
console.log(body)
