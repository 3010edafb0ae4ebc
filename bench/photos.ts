// npm run bench:photos (issue 32): a 12-megapixel JPEG uploaded through /admin/photos until every
// variant is served; shoppers' /pond-products during 10 concurrent uploads against idle; a photo
// from the variant cache against a generated static image. Production build, PGlite, loopback.
import { execFileSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { allVariants } from '~/lib/photos'
import { IDLE_SECONDS, idleThenUploads } from './photo-pairs'
import { uploadUntilReady } from './photo-upload'
import { serverThreadCpuMs } from './process-tree'
import { pooledP99, SHOPPERS_PER_SECOND, shoppersLoad, signedPercent } from './shoppers'
import {
	loadTest,
	machine,
	signInCookie,
	startProductionServer,
	writeResultsSection,
} from './support'

const PORT = 3310
const ADMIN = { email: 'bench-photos@example.co.uk', password: 'bench photos password' }
const RUNS = 3
/** Idle/busy pairs for shoppers' p99 (BENCH_PAIRS). */
const PAIRS = Number(process.env.BENCH_PAIRS ?? 3)
const STATIC_IMAGE = '/images/generated/site/hero-960.webp'

/** A 4000 × 3000 photo-like JPEG (noise over a gradient, so it does not compress to nothing). */
async function twelveMegapixels(seed: number) {
	const { data, info } = await sharp({
		create: { width: 4000, height: 3000, channels: 3, background: { r: 40 + seed, g: 110, b: 90 } },
	})
		.composite([{ input: Buffer.from(gradientSvg(seed)), blend: 'over' }])
		.raw()
		.toBuffer({ resolveWithObject: true })
	const noise = crypto.randomBytes(data.length)
	for (let i = 0; i < data.length; i++)
		data[i] = Math.max(0, Math.min(255, data[i]! + (noise[i]! >> 3) - 16))
	return sharp(data, { raw: info })
		.jpeg({ quality: 90 })
		.withExif({ IFD0: { Make: 'Bench' } })
		.toBuffer()
}
const gradientSvg = (seed: number) =>
	`<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="3000"><defs><linearGradient id="g"><stop offset="0" stop-color="#1e4d6b"/><stop offset="1" stop-color="#c9a27e"/></linearGradient></defs><rect width="4000" height="3000" fill="url(#g)" opacity="0.7"/><circle cx="${1000 + seed * 300}" cy="1500" r="900" fill="#e8f1f5" opacity="0.4"/></svg>`

const uptime = () => execFileSync('uptime', { encoding: 'utf8' }).trim()
const before = uptime()
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'koi-bench-photos-'))
execFileSync(
	'npx',
	['tsx', 'cli/admin-create.ts', '--email', ADMIN.email, '--password', ADMIN.password],
	{
		env: { ...process.env, DATA_DIR: dataDir },
		stdio: 'ignore',
	},
)
const server = await startProductionServer(
	PORT,
	// BENCH_DEBUG: each request logged, to set the shoppers' slow answers beside the server's own timing.
	{
		DATA_DIR: dataDir,
		OUTBOX_POLL_MS: '60000',
		...(process.env.BENCH_DEBUG ? { LOG_LEVEL: 'info' } : {}),
	},
	// BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it stops.
	// BENCH_DEBUG also has it print each garbage collection (when, what kind, how long).
	[
		...(process.env.BENCH_CPU_PROF
			? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
			: []),
		...(process.env.BENCH_DEBUG ? ['--trace-gc'] : []),
	],
)
try {
	const cookie = await signInCookie(server.url, ADMIN)
	// One warm-up upload (the first compiles its code paths), RUNS timed, 10 at once.
	const [warmUp, ...photos] = await Promise.all(
		Array.from({ length: 1 + RUNS }, (_, i) => twelveMegapixels(i)),
	)
	await uploadUntilReady(server.url, cookie, warmUp!)
	const size = (photos[0]!.length / 1024 / 1024).toFixed(1)
	const runs = []
	// The server's CPU time for these uploads alone (nothing else is asked of it meanwhile).
	const cpuBefore = serverThreadCpuMs(server.child.pid!)
	for (const jpeg of photos.slice(0, RUNS))
		runs.push(await uploadUntilReady(server.url, cookie, jpeg))
	const cpuAfter = serverThreadCpuMs(server.child.pid!)
	const cpuPerUpload = {
		main: (cpuAfter.main - cpuBefore.main) / RUNS,
		others: (cpuAfter.others - cpuBefore.others) / RUNS,
	}
	const readies = runs.map((r) => r.ready / 1000).sort((a, b) => a - b)
	const median = readies[Math.floor(RUNS / 2)]!

	// Shoppers' listing, idle and during 10 concurrent uploads (page cache on, as in production),
	// PAIRS times, each with ten new photos: pooled, as bench:jobs does (bench/shoppers.ts).
	const listing = `${server.url}/pond-products`
	await shoppersLoad(listing, { seconds: 3 }) // warm the page cache and the JIT
	const pairs = []
	for (let pair = 0; pair < PAIRS; pair++) {
		const files = await Promise.all(
			Array.from({ length: 10 }, async (_, i) => {
				const file = path.join(dataDir, `upload-${pair}-${i}.jpg`)
				fs.writeFileSync(file, await twelveMegapixels(20 + pair * 10 + i))
				return file
			}),
		)
		pairs.push(await idleThenUploads(listing, { url: server.url, cookie, files }))
	}
	const pooled = pooledP99(pairs)

	// Serving: a cached variant against a generated static image of the same width.
	const variant = `${server.url}/photos/${runs[0]!.id}-960.webp`
	const variantBytes = (await (await fetch(variant)).arrayBuffer()).byteLength
	const staticBytes = (await (await fetch(`${server.url}${STATIC_IMAGE}`)).arrayBuffer()).byteLength
	const fromCache = await loadTest(variant, { connections: 16, seconds: 10 })
	const fromStatic = await loadTest(`${server.url}${STATIC_IMAGE}`, {
		connections: 16,
		seconds: 10,
	})
	const after = uptime()

	const body = `
Command: \`npm run bench:photos\` (${machine()}; production build, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, loopback; ${new Date().toISOString()}). \`uptime\` before: ${before}; after: ${after}.

| Measure | Result | Target |
|---|---|---|
| 12-megapixel JPEG (${size} MB, 4000 × 3000, with EXIF) uploaded → all ${allVariants('x').length} variants served | **median ${median.toFixed(2)} s** (${runs.map((r) => `${(r.ready / 1000).toFixed(2)} s, upload answered at ${(r.uploaded / 1000).toFixed(2)} s`).join('; ')}) | ≤ 3 s |
| Server's CPU time per upload above (its 12 variants then served once; the photo worker's time not counted): on the thread that answers requests / on its other threads (embedded database, I/O, collector) | ${cpuPerUpload.main.toFixed(0)} ms / ${cpuPerUpload.others.toFixed(0)} ms (mean of the ${RUNS} above) | — |
| \`/pond-products\` idle (${SHOPPERS_PER_SECOND} requests/s, evenly spaced, ${IDLE_SECONDS} s before each of the ${PAIRS} rounds of uploads) | p99 ${pooled.idle.p99} ms over all ${pooled.idle.requests.toLocaleString('en-GB')} answers | — |
| \`/pond-products\` while 10 concurrent 12 MP uploads run (from the first sent to the last with every variant served) | **p99 ${pooled.busy.p99} ms (${signedPercent(pooled.change)})** over all ${pooled.busy.requests.toLocaleString('en-GB')} answers. Each round: ${pairs.map((p, i) => `${pooled.runs[i]!.idle} → ${pooled.runs[i]!.busy} ms (${signedPercent(pooled.runs[i]!.change)}), uploads ${p.uploadsSeconds.toFixed(1)} s${p.cutShort ? ', window cut short' : ''}`).join('; ')} | p99 within 20 % of idle |
| Cached variant \`/photos/<id>-960.webp\` (${(variantBytes / 1024).toFixed(0)} KB, 16 connections) | ${fromCache.rps} req/s, p50 ${fromCache.p50} ms, p99 ${fromCache.p99} ms, ${fromCache.errors} errors | as fast as static |
| Static generated image \`${STATIC_IMAGE}\` (${(staticBytes / 1024).toFixed(0)} KB) | ${fromStatic.rps} req/s, p50 ${fromStatic.p50} ms, p99 ${fromStatic.p99} ms, ${fromStatic.errors} errors | — |
`
	writeResultsSection('Photo uploads and serving (issue 32)', body)
	console.log(body)
} finally {
	await server.stop()
}
