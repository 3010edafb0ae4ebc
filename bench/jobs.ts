// npm run bench:jobs (issue 31): 10,000 open quotes whose reminders fall due together. Measures
// queuing their 10,000 reminder jobs (one transaction each, as quoting does), then the production
// server working through them: how long, the p99 of / before and while it does, and the server's
// RSS before and at its peak.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { openDatabase } from '~/.server/db/client'
import { type OrderLine, orders, paymentLinks } from '~/.server/db/schema'
import { enqueueJob } from '~/.server/jobs/queue'
import { QUOTE_REMINDER_JOB } from '~/.server/orders/quote-follow-up'
import { serverRssMb } from './process-tree'
import { loadTest, machine, summarise, writeResultsSection } from './support'

const QUOTES = Number(process.env.BENCH_QUOTES ?? 10_000)
const PORT = 4360
const DUE_IN_MS = 25_000

const line: OrderLine = {
	id: '0',
	name: 'Oase BioSmart 6000 Pond Filter',
	originalName: 'Oase BioSmart 6000 Pond Filter',
	code: 'OA-BIOSMA-6000',
	price: '£128.99',
	unitPricePence: 12_899,
	quantity: 1,
	selectedSize: '',
	selectedOption: '',
	supplierUrl: '',
	imageUrl: '',
}

/** Open quotes (a live link each, price held for two more days) and their reminder jobs. */
async function seed(dataDir: string) {
	const database = await openDatabase({ dataDir: path.join(dataDir, 'db') })
	const now = Date.now()
	const ids: Array<{ orderId: string; linkId: string }> = []
	for (let start = 0; start < QUOTES; start += 500) {
		const batch = Array.from({ length: Math.min(500, QUOTES - start) }, (_, k) => {
			const i = start + k
			const orderId = `KP-${i.toString(36).toUpperCase().padStart(6, '0')}`
			const linkId = `bench${i.toString(36).padStart(8, '0')}${'x'.repeat(24)}`
			ids.push({ orderId, linkId })
			return { orderId, linkId }
		})
		await database.db.insert(orders).values(
			batch.map(({ orderId, linkId }, k) => ({
				id: orderId,
				status: 'payment_pending' as const,
				deliveryInfo: {
					firstName: 'Morag',
					lastName: `Bench${start + k}`,
					email: `customer${start + k}@example.co.uk`,
					phone: '01463 123456',
					address1: '12 Loch Road',
					address2: '',
					city: 'Inverness',
					postcode: 'IV2 3XY',
					notes: '',
				},
				cartItems: [line],
				subtotalPence: 12_899,
				deliveryCostPence: 1_500,
				totalCostPence: 14_399,
				paymentLink: `http://localhost:${PORT}/pay/${linkId}`,
				paymentLinkId: linkId,
				paymentLinkActive: true,
				quoteExpiresAt: new Date(now + 2 * 86_400_000),
			})),
		)
		await database.db.insert(paymentLinks).values(
			batch.map(({ orderId, linkId }) => ({
				id: linkId,
				orderId,
				amountPence: 14_399,
				provider: 'test',
			})),
		)
	}
	// The enqueue: one transaction per quote, as setDeliveryCost queues its follow-up.
	const runAt = new Date(Date.now() + DUE_IN_MS)
	const started = performance.now()
	for (const quote of ids)
		await database.db.transaction((tx) =>
			enqueueJob(tx, {
				key: `${QUOTE_REMINDER_JOB}:${quote.linkId}:before`,
				name: QUOTE_REMINDER_JOB,
				runAt,
				payload: { ...quote, kind: 'before' },
			}),
		)
	const enqueueMs = performance.now() - started
	await database.close()
	return { enqueueMs, dueAt: runAt.getTime() }
}

async function main() {
	const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'koi-bench-jobs-'))
	const { enqueueMs, dueAt } = await seed(dataDir)
	let reminded = 0
	let lastAt = 0
	const child = spawn(process.execPath, ['server.js'], {
		env: {
			...process.env,
			NODE_ENV: 'production',
			PORT: String(PORT),
			DATA_DIR: dataDir,
			LOG_LEVEL: 'info',
			SITE_URL: `http://localhost:${PORT}`,
			// Emails go to files; sending them is not what this measures.
			OUTBOX_POLL_MS: '60000',
		},
		stdio: ['ignore', 'pipe', 'inherit'],
	})
	child.stdout.on('data', (chunk: Buffer) => {
		const text = chunk.toString()
		if (process.env.BENCH_DEBUG) process.stdout.write(text)
		const count = text.split('"msg":"quote reminder"').length - 1
		if (count) {
			reminded += count
			lastAt = Date.now()
		}
	})
	const url = `http://localhost:${PORT}/`
	for (let i = 0; i < 300; i++) {
		if ((await fetch(`${url}healthz`).catch(() => null))?.ok) break
		await new Promise((r) => setTimeout(r, 200))
	}
	try {
		await loadTest(url, { connections: 2, seconds: 2 }) // warm the page cache and the JIT
		const rssIdle = serverRssMb(child.pid!)
		const idle = await loadTest(url, { connections: 2, seconds: 8 })
		await new Promise((r) => setTimeout(r, Math.max(0, dueAt - Date.now())))
		let rssPeak = rssIdle
		const sampler = setInterval(() => {
			rssPeak = Math.max(rssPeak, serverRssMb(child.pid!))
		}, 250)
		const busy = await loadTest(url, { connections: 2, seconds: 8 })
		while (reminded < QUOTES && Date.now() - dueAt < 600_000)
			await new Promise((r) => setTimeout(r, 250))
		clearInterval(sampler)
		const runMs = lastAt - dueAt
		const p99Change = ((busy.p99 - idle.p99) / Math.max(1, idle.p99)) * 100
		const rows = [
			[
				`Queue ${QUOTES.toLocaleString('en-GB')} reminder jobs (one transaction each)`,
				`${(enqueueMs / 1000).toFixed(1)} s`,
				'≤ 5 s',
			],
			[
				`Run ${reminded.toLocaleString('en-GB')} due reminders (claim, check, email, done)`,
				`${(runMs / 1000).toFixed(1)} s`,
				'—',
			],
			[
				'p99 of / idle → while they run',
				`${idle.p99} ms → ${busy.p99} ms (${p99Change >= 0 ? '+' : ''}${p99Change.toFixed(0)} %)`,
				'≤ +20 %',
			],
			[
				'Server RSS idle → peak while they run',
				`${rssIdle.toFixed(0)} MB → ${rssPeak.toFixed(0)} MB (+${(rssPeak - rssIdle).toFixed(1)} MB)`,
				'≤ +10 MB',
			],
		]
		const table = [
			'| Measure | Result | Target |',
			'|---|---|---|',
			...rows.map((r) => `| ${r.join(' | ')} |`),
		].join('\n')
		writeResultsSection(
			'Scheduler: 10,000 open quotes (npm run bench:jobs)',
			`${machine()}, load average ${os
				.loadavg()
				.map((l) => l.toFixed(1))
				.join(
					' / ',
				)} at the end\n\nPGlite, production build, \`/\` from the page cache at 2 connections for 8 s each.\n\n${table}`,
		)
		summarise([
			{
				target: '—',
				measure: `Queue ${QUOTES.toLocaleString('en-GB')} reminders`,
				result: `${(enqueueMs / 1000).toFixed(1)} s`,
				goal: '≤ 5 s',
				met: enqueueMs <= 5000,
			},
			{
				target: '—',
				measure: 'p99 of / while reminders run',
				result: `${p99Change.toFixed(0)} %`,
				goal: '≤ +20 %',
				met: p99Change <= 20,
			},
		])
		console.log(table)
	} finally {
		child.kill('SIGTERM')
		await new Promise((r) => child.once('exit', r))
		fs.rmSync(dataDir, { recursive: true, force: true })
	}
}

await main()
