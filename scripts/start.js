// `npm start`: make sure the production build is current, then serve. A fresh clone needs nothing
// else: the server creates its database, and draws the demo pictures on first request and in the
// background after 'ready' (decision 0028). A second start skips the build when no source
// changed and goes straight to the server. Each step says what it is doing, in short lines.
import { spawn } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { SERVER_ENV, SERVER_NODE_FLAGS } from './server-flags.js'

const SOURCES = ['app', 'server', 'public', 'catalog', 'scripts', 'drizzle']
const FILES = ['package-lock.json', 'vite.config.ts', 'react-router.config.ts', 'server.js']
const STAMP = 'build/.source-fingerprint'

/** Paths, sizes and modification times of every source file: cheap, and changes with any edit. */
export function fingerprint(root = '.') {
	const hash = crypto.createHash('sha256')
	const visit = (/** @type {string} */ entry) => {
		const full = path.join(root, entry)
		if (!fs.existsSync(full)) return
		const stat = fs.statSync(full)
		if (stat.isDirectory()) {
			for (const child of fs.readdirSync(full).sort()) visit(path.join(entry, child))
		} else {
			hash.update(`${entry}:${stat.size}:${stat.mtimeMs}\n`)
		}
	}
	for (const entry of [...SOURCES, ...FILES]) visit(entry)
	return hash.digest('hex')
}

/** Nothing to do before serving: a complete build of the same sources. */
export function upToDate(root = '.') {
	const stamp = path.join(root, STAMP)
	return (
		fs.existsSync(stamp) &&
		fs.existsSync(path.join(root, 'build/server/index.js')) &&
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
	console.log('First start or changed sources: building the client and server bundles…')
	await run('@react-router/dev/bin.js', ['build', '--logLevel', 'warn'])
	console.log(`Build: bundles done after ${seconds(started)}; compressing assets…`)
	await run('tsx/dist/cli.mjs', ['scripts/precompress.ts'])
	fs.writeFileSync(STAMP, fingerprint())
	console.log(`Build: done in ${seconds(started)}; starting the server (database next).`)
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
