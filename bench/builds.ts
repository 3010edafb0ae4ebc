// npm run bench:builds: pond builds' read models (issue 59) on PGlite, in process: the admin
// board with 2,000 projects (p95) and the customer's project page read with 16 at once (p99).
// Server-side read time only (no HTTP, no rendering): the pages' HTTP figures are still to take.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { buildFigures } from '~/.server/analytics/build-figures'
import { customerProjectData } from '~/.server/builds/customer-project'
import { projectBoard } from '~/.server/builds/project-pages'
import { openDatabase } from '~/.server/db/client'
import {
	buildEvents,
	buildProjects,
	buildQuoteLines,
	buildQuotes,
	surveyBookings,
} from '~/.server/db/schema'
import { DEFAULT_SCHEDULE } from '~/lib/builds/payment-schedule'
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

// A quote, with six lines, for two projects in three (a third of them accepted): the insights'
// pond builds panel sums them by month (issue 59 item 11).
const toQuote = (
	await db.select({ id: buildProjects.id, at: buildProjects.createdAt }).from(buildProjects)
).filter((_, i) => i % 3 !== 2)
const quoted: Array<{ id: number }> = []
for (let start = 0; start < toQuote.length; start += 500)
	quoted.push(
		...(await db
			.insert(buildQuotes)
			.values(
				toQuote.slice(start, start + 500).map((p, k) => {
					const accepted = (start + k) % 2 === 0
					const day = (n: number) => new Date(p.at.getTime() + n * 86_400_000)
					return {
						projectId: p.id,
						version: 1,
						status: accepted ? ('accepted' as const) : ('sent' as const),
						title: 'Koi pond',
						validUntil: day(30),
						schedule: DEFAULT_SCHEDULE,
						createdBy: 'bench',
						sentAt: day(2),
						acceptedAt: accepted ? day(9) : null,
						acceptedTotalPence: accepted ? 1_500_000 : null,
					}
				}),
			)
			.returning({ id: buildQuotes.id })),
	)
for (let start = 0; start < quoted.length; start += 500)
	await db.insert(buildQuoteLines).values(
		quoted.slice(start, start + 500).flatMap((q) =>
			Array.from({ length: 6 }, (_, position) => ({
				quoteId: q.id,
				position,
				section: 'Excavation',
				description: 'Dig and remove spoil',
				quantity: 1 + position,
				unitPence: 50_000,
				optional: position === 5,
				chosen: position !== 5,
			})),
		),
	)

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
const readRound = (round: number) =>
	Promise.all(
		Array.from({ length: 16 }, (_, k) =>
			timed(() =>
				customerProjectData(db, projects[(round + k) % 64]!, {
					now: new Date(),
					siteUrl: 'http://localhost',
				}),
			),
		),
	)
// Warm, as a running server is (the board above has its warm-up reads too).
for (let round = 0; round < 5; round++) await readRound(round)
const page: number[] = []
for (let round = 0; round < 40; round++) page.push(...(await readRound(round)))
const year = {
	from: new Date(now - 364 * 86_400_000).toISOString().slice(0, 10),
	to: new Date(now).toISOString().slice(0, 10),
}
for (let i = 0; i < 10; i++) await buildFigures(db, year)
const figures: number[] = []
for (let i = 0; i < 100; i++) figures.push(await timed(() => buildFigures(db, year)))
await database.close()
fs.rmSync(dataDir, { recursive: true, force: true })

const load = os.loadavg()[0]!.toFixed(0)
const body = `\`npm run bench:builds\` (${machine()}, load average ${load} while measuring), PGlite on its own thread, in process (read models only: no HTTP, no rendering).

| What | Figure | Target |
|---|---|---|
| Admin board, ${PROJECTS.toLocaleString('en-GB')} projects, 200 reads | p50 ${percentile(board, 0.5)} ms, p95 ${percentile(board, 0.95)} ms | p95 ≤ 150 ms (page) |
| Project page read (project, quotes, payments, after-care, calendar: one statement since 2 Dec, 192 ms p99 before), 16 at once × 40 rounds, after 5 warm-up rounds | p50 ${percentile(page, 0.5)} ms, p99 ${percentile(page, 0.99)} ms | p99 ≤ 60 ms (page) |
| Insights' pond builds panel, 12 months, ${quoted.length.toLocaleString('en-GB')} quotes × 6 lines, 100 reads | p50 ${percentile(figures, 0.5)} ms, p95 ${percentile(figures, 0.95)} ms | part of the dashboard's p95 ≤ 300 ms |
`
writeResultsSection('Pond builds (bench:builds)', body)
console.log(body)
