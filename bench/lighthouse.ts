// npm run bench:lighthouse: Lighthouse mobile on the pages issue 22 names (target 6), against the
// production build, one run each.
import os from 'node:os'
import {
	type LighthouseResult,
	lighthouseRun,
	machine,
	startProductionServer,
	summarise,
	writeResultsSection,
} from './support'

const PORT = Number(process.env.BENCH_PORT ?? 4360)
const loadBefore = os.loadavg()[0]?.toFixed(1)
const server = await startProductionServer(PORT)
const results: Array<{ page: string; result: LighthouseResult | string }> = []
try {
	const category = await (await fetch(`${server.url}/pond-products/pumps`)).text()
	const product = /href="(\/pond-products\/pumps\/[^"?#]+)"/.exec(category)?.[1] ?? '/'
	const pages = ['/', '/pond-products', '/pond-products/pumps', product, '/portfolio/pond3']
	pages.push('/cart', '/auth')
	// BENCH_ONLY=/cart,/auth runs just those pages.
	const only = process.env.BENCH_ONLY?.split(',')
	for (const page of only ? pages.filter((p) => only.includes(p)) : pages) {
		// The page cache is warm, as it is for real visitors (a fresh connection: no stale keep-alive).
		await fetch(`${server.url}${page}`, { headers: { connection: 'close' } }).catch(() => undefined)
		results.push({ page, result: lighthouseRun(`${server.url}${page}`) })
		console.log(page, JSON.stringify(results.at(-1)?.result))
	}
} finally {
	await server.stop()
}

const met = (r: LighthouseResult) =>
	r.performance >= 95 && r.accessibility === 100 && r.bestPractices >= 95 && r.seo === 100
const rows = results.map(({ page, result }) =>
	typeof result === 'string'
		? `| \`${page}\` | ${result} | | | | | no |`
		: `| \`${page}\` | ${result.performance} | ${result.accessibility} | ${result.bestPractices} | ${result.seo} | ${result.metrics} | ${met(result) ? 'yes' : 'no'} |`,
)
const failing = results.flatMap(({ page, result }) =>
	typeof result === 'string' ? [] : result.failing.map((f) => `- \`${page}\` ${f}`),
)
const body = `
Command: \`npm run bench:lighthouse\` (${machine()}; Lighthouse mobile with its simulated throttling, Debian's Chromium, one run a page; load average ${loadBefore} before, ${os.loadavg()[0]?.toFixed(1)} after).

| Page | Performance | Accessibility | Best practices | SEO | Metrics | Target met |
|---|---|---|---|---|---|---|
${rows.join('\n')}

Targets: performance ≥ 95, accessibility 100, best practices ≥ 95, SEO 100.
${failing.length ? `\nAudits that lost points:\n\n${failing.join('\n')}\n` : ''}`
writeResultsSection('Lighthouse mobile', body)
console.log(body)
summarise(
	results.map(({ page, result }) => ({
		target: '6',
		measure: `Lighthouse mobile \`${page}\``,
		result:
			typeof result === 'string'
				? result
				: `${result.performance} / ${result.accessibility} / ${result.bestPractices} / ${result.seo}`,
		goal: '≥ 95 / 100 / ≥ 95 / 100',
		met: typeof result === 'string' ? false : met(result),
	})),
)
