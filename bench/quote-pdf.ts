// npx tsx bench/quote-pdf.ts: a build quote's PDF (issue 59, target p95 ≤ 300 ms): the read model
// and the render of a 40-line quote in six sections with options, on PGlite, in process (no HTTP).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { customerQuote } from '~/.server/builds/quote-pages'
import { renderQuotePdf } from '~/.server/builds/quote-pdf'
import { getBusinessDetails } from '~/.server/business/details'
import { openDatabase } from '~/.server/db/client'
import { buildProjects, buildQuoteLines, buildQuotes } from '~/.server/db/schema'
import { DEFAULT_SCHEDULE } from '~/lib/builds/payment-schedule'
import { DEFAULT_QUOTE_TERMS } from '~/lib/builds/quote-defaults'
import { machine, percentile, writeResultsSection } from './support'

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-quote-pdf-'))
const database = await openDatabase({ dataDir, thread: true })
const db = database.db
const project = {
	id: 'PB-BENCH2',
	userId: null,
	name: 'Morag Fraser',
	email: 'morag@example.co.uk',
	phone: '01463 123456',
	address: '12 Culduthel Road, Inverness',
	postcode: 'IV2 4AG',
	type: 'koi' as const,
	size: '5 m by 3 m',
	budget: '20-40k' as const,
	timescale: '6-months' as const,
	heardFrom: 'search' as const,
	status: 'quoted' as const,
}
await db.insert(buildProjects).values(project)
const [quote] = await db
	.insert(buildQuotes)
	.values({
		projectId: project.id,
		version: 1,
		status: 'sent',
		title: 'Raised koi pond, 12,000 litres',
		intro: 'As we discussed on site: a raised koi pond by the patio with a gravity-fed filter.',
		terms: DEFAULT_QUOTE_TERMS,
		validUntil: new Date(Date.now() + 30 * 86_400_000),
		schedule: DEFAULT_SCHEDULE,
		createdBy: 'bench@example.co.uk',
	})
	.returning()
const SECTIONS = [
	'Excavation',
	'Liner and construction',
	'Filtration',
	'Plumbing',
	'Electrics',
	'Landscaping',
]
await db.insert(buildQuoteLines).values(
	Array.from({ length: 40 }, (_, i) => ({
		quoteId: quote!.id,
		position: i,
		section: SECTIONS[i % SECTIONS.length]!,
		description: `Item ${i + 1}: supply and fit, including fixings and making good`,
		quantity: 1 + (i % 4),
		unitPence: 12_500 + i * 1_000,
		optional: i % 7 === 3,
		chosen: i % 7 !== 3,
	})),
)
const seller = await getBusinessDetails(db)

const once = async () => {
	const started = performance.now()
	const view = await customerQuote(db, project.id, 1, null, new Date())
	await renderQuotePdf(view!, project, seller)
	return performance.now() - started
}
for (let i = 0; i < 10; i++) await once()
const times: number[] = []
for (let i = 0; i < 100; i++) times.push(await once())
await database.close()
fs.rmSync(dataDir, { recursive: true, force: true })

const load = os.loadavg()[0]!.toFixed(0)
const body = `\`npx tsx bench/quote-pdf.ts\` (${machine()}, load average ${load} while measuring), PGlite on its own thread, in process: the read model and the PDF of a 40-line quote in six sections, 100 in a row after 10 to warm up.

| What | Figure | Target |
|---|---|---|
| Quote PDF (read + render) | p50 ${percentile(times, 0.5)} ms, p95 ${percentile(times, 0.95)} ms | p95 ≤ 300 ms |
`
writeResultsSection('Build quote PDF (bench/quote-pdf.ts)', body)
console.log(body)
