// npm run bench:home: the home page for visitors (page cache) and rendered every time, beside a
// static file, and the weight of what a browser downloads for it.
import zlib from 'node:zlib'
import {
	lighthouse,
	loadTest,
	machine,
	startProductionServer,
	summarise,
	writeResultsSection,
} from './support'

const PORT = Number(process.env.BENCH_PORT ?? 4310)
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = 32

const load = (url: string, headers: Record<string, string> = {}) =>
	loadTest(url, {
		connections: CONNECTIONS,
		seconds: DURATION_S,
		headers: { 'accept-encoding': 'gzip', accept: 'text/html', ...headers },
	})

/** Every script a page's HTML preloads or imports, as tests/e2e/page-weight.spec.ts counts them. */
async function pageJavaScript(base: string, path = '/') {
	const html = await (await fetch(`${base}${path}`)).text()
	const urls = new Set<string>()
	for (const match of html.matchAll(/<link rel="modulepreload"[^>]*\shref="([^"]+)"/g))
		urls.add(match[1]!)
	for (const match of html.matchAll(/import\("([^"]+)"\)|from "([^"]+\.js)"/g))
		urls.add((match[1] ?? match[2])!)
	let raw = 0
	let gzip = 0
	for (const url of urls) {
		const body = Buffer.from(await (await fetch(new URL(url, base))).arrayBuffer())
		raw += body.length
		gzip += zlib.gzipSync(body, { level: 9 }).length
	}
	const css = [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => m[1]!)
	let cssGzip = 0
	for (const url of css) {
		cssGzip += zlib.gzipSync(
			Buffer.from(await (await fetch(new URL(url, base))).arrayBuffer()),
		).length
	}
	return { files: urls.size, raw, gzip, cssGzip, htmlGzip: zlib.gzipSync(html).length }
}

const server = await startProductionServer(PORT)
try {
	// The cheapest static response the server makes: a small file from public/.
	const staticUrl = `${server.url}/favicon.svg`
	await load(`${server.url}/`) // warm-up: JIT, page cache
	const ssr = await load(`${server.url}/`)
	// A cookie bypasses the page cache: the cost of a full render (loaders, React, gzip).
	// The same page rendered every time: a second server with the page cache off (a cookie no
	// longer bypasses it: the home page is the same for everyone, decision 0014).
	const renderer = await startProductionServer(PORT + 1, { HTML_CACHE_SECONDS: '0' })
	const uncached = await load(`${renderer.url}/`).finally(() => renderer.stop())
	const stat = await load(staticUrl)
	const js = await pageJavaScript(server.url)
	// The sign-in page, signed out (issue 34 item 11): its first load without My Account or zod.
	const signIn = await pageJavaScript(server.url, '/auth')
	const lh = process.env.BENCH_SKIP_LIGHTHOUSE
		? 'skipped (see bench:lighthouse)'
		: lighthouse(`${server.url}/`)
	const ratio = ((ssr.rps / stat.rps) * 100).toFixed(0)
	const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`
	const body = `
Command: \`npm run bench:home\` (${machine()}; autocannon, ${CONNECTIONS} connections, ${DURATION_S} s each, gzip accepted).

| Measure | Result | Target |
|---|---|---|
| SSR \`/\` (signed-out, page cache on) | ${ssr.rps} req/s, p50 ${ssr.p50} ms, p99 ${ssr.p99} ms, ${ssr.errors} errors | — |
| SSR \`/\` rendered every time (page cache off) | ${uncached.rps} req/s, p50 ${uncached.p50} ms, p99 ${uncached.p99} ms, ${uncached.errors} errors | — |
| Static file \`${staticUrl.replace(server.url, '')}\` | ${stat.rps} req/s, p50 ${stat.p50} ms, p99 ${stat.p99} ms | — |
| SSR / static throughput | ${ratio}% | ≥ 40% |
| JavaScript loaded for \`/\` | ${js.files} files, ${kb(js.raw)} raw, **${kb(js.gzip)} gzip** | ≤ 130 KB gzip |
| JavaScript loaded for \`/auth\` (signed out) | ${signIn.files} files, ${kb(signIn.raw)} raw, **${kb(signIn.gzip)} gzip** | — |
| CSS for \`/\` | ${kb(js.cssGzip)} gzip | — |
| HTML for \`/\` | ${kb(js.htmlGzip)} gzip | — |
| Lighthouse mobile \`/\` | ${lh} | ≥ 95 / 100 |
`
	writeResultsSection('Foundation: home page', body)
	console.log(body)
	summarise([
		{
			target: '—',
			measure: 'JavaScript loaded for `/` (gzip)',
			result: kb(js.gzip),
			goal: '≤ 130 KB',
			met: js.gzip <= 130 * 1024,
		},
	])
} finally {
	await server.stop()
}
