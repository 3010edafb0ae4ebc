// `npm start`: make sure the generated images and the production build are current, then serve.
// A fresh clone needs nothing else; a second start skips every step whose inputs did not change
// and goes straight to the server. Each step says what it is doing, in short lines.
import { spawn } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { SERVER_ENV, SERVER_NODE_FLAGS } from './server-flags.js'

const SOURCES = ['app', 'server', 'public', 'catalog', 'scripts', 'drizzle']
const FILES = ['package-lock.json', 'vite.config.ts', 'react-router.config.ts', 'server.js']
const STAMP = 'build/.source-fingerprint'
/** Each image generator writes its manifest last: all three present means the images are done. */
export const IMAGE_MANIFESTS = [
	'public/images/generated/site/manifest.json',
	'public/images/products/manifest.json',
	'public/images/portfolio/manifest.json',
]

/** Paths, sizes and modification times of every source file: cheap, and changes with any edit. */
export function fingerprint(root = '.') {
	const hash = crypto.createHash('sha256')
	const visit = (/** @type {string} */ entry) => {
		const full = path.join(root, entry)
		if (!fs.existsSync(full)) return
		const stat = fs.statSync(full)
		if (stat.isDirectory()) {
			// Generated images are served from public/images directly; they never need a rebuild.
			if (entry === path.join('public', 'images')) return
			for (const child of fs.readdirSync(full).sort()) visit(path.join(entry, child))
		} else {
			hash.update(`${entry}:${stat.size}:${stat.mtimeMs}\n`)
		}
	}
	for (const entry of [...SOURCES, ...FILES]) visit(entry)
	// Product images are drawn from the catalogue file, which may live outside the repository.
	if (process.env.CATALOG_FILE) visit(path.relative(root, path.resolve(process.env.CATALOG_FILE)))
	return hash.digest('hex')
}

/** Nothing to do before serving: same sources as the last build, and every image generated. */
export function upToDate(root = '.') {
	const stamp = path.join(root, STAMP)
	return (
		fs.existsSync(stamp) &&
		fs.existsSync(path.join(root, 'build/server/index.js')) &&
		IMAGE_MANIFESTS.every((file) => fs.existsSync(path.join(root, file))) &&
		fs.readFileSync(stamp, 'utf8') === fingerprint(root)
	)
}

const bin = (/** @type {string} */ file) => path.join('node_modules', file)
/** Runs a Node tool without npx (which costs a second or more on its own). */
const run = (/** @type {string} */ script, /** @type {string[]} */ args) =>
	new Promise((resolve, reject) => {
		const child = spawn(process.execPath, [bin(script), ...args], { stdio: 'inherit' })
		child.once('error', reject)
		child.once('exit', (code) =>
			code === 0 ? resolve(undefined) : reject(new Error(`${script} ${args[0]} failed (${code})`)),
		)
	})
const seconds = (/** @type {number} */ since) => `${((Date.now() - since) / 1000).toFixed(1)} s`

async function prepare() {
	const started = Date.now()
	console.log('First start or changed sources: drawing images and building, side by side.')
	// The bundle does not depend on the images (the server serves public/images itself), so the
	// build runs while the images are drawn: it is mostly one core, the images fill the rest.
	const build = (async () => {
		console.log('Build: client and server bundles…')
		await run('@react-router/dev/bin.js', ['build', '--logLevel', 'warn'])
		console.log(`Build: done after ${seconds(started)}; compressing assets…`)
		await run('tsx/dist/cli.mjs', ['scripts/precompress.ts'])
	})()
	await Promise.all([run('tsx/dist/cli.mjs', ['scripts/ensure-assets.ts']), build])
	fs.writeFileSync(STAMP, fingerprint())
	console.log(`Ready to serve after ${seconds(started)}; starting the server.`)
}

function serve() {
	const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'server.js'], {
		stdio: 'inherit',
		env: { ...process.env, ...SERVER_ENV, NODE_ENV: 'production' },
	})
	for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
		process.on(signal, () => child.kill(signal))
	}
	child.on('exit', (code) => process.exit(code ?? 0))
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve('scripts/start.js')) {
	if (!upToDate()) await prepare()
	serve()
}
