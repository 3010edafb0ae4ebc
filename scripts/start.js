// `npm start`: make sure the generated images and the production build are current, then serve.
// A fresh clone needs nothing else; a second start skips the build when no source file changed.
import { execFileSync, spawn } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

const SOURCES = ['app', 'server', 'public', 'catalog', 'scripts', 'drizzle']
const FILES = ['package-lock.json', 'vite.config.ts', 'react-router.config.ts', 'server.js']
const STAMP = 'build/.source-fingerprint'

/** Paths, sizes and modification times of every source file: cheap, and changes with any edit. */
function fingerprint() {
	const hash = crypto.createHash('sha256')
	const visit = (/** @type {string} */ entry) => {
		if (!fs.existsSync(entry)) return
		const stat = fs.statSync(entry)
		if (stat.isDirectory()) {
			// Generated images are served from public/images directly; they never need a rebuild.
			if (entry === path.join('public', 'images')) return
			for (const child of fs.readdirSync(entry).sort()) visit(path.join(entry, child))
		} else {
			hash.update(`${entry}:${stat.size}:${stat.mtimeMs}\n`)
		}
	}
	for (const entry of [...SOURCES, ...FILES]) visit(entry)
	return hash.digest('hex')
}

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx'
const current = fingerprint()
const built = fs.existsSync(STAMP) ? fs.readFileSync(STAMP, 'utf8') : ''
if (current !== built || !fs.existsSync('build/server/index.js')) {
	console.log('Preparing the production build (first start or changed sources)…')
	execFileSync(npx, ['tsx', 'scripts/ensure-assets.ts'], { stdio: 'inherit' })
	execFileSync(npx, ['react-router', 'build'], { stdio: 'inherit' })
	execFileSync(npx, ['tsx', 'scripts/precompress.ts'], { stdio: 'inherit' })
	fs.writeFileSync(STAMP, fingerprint())
} else {
	execFileSync(npx, ['tsx', 'scripts/ensure-assets.ts'], { stdio: 'inherit' })
}

const child = spawn(process.execPath, ['server.js'], {
	stdio: 'inherit',
	env: { ...process.env, NODE_ENV: 'production' },
})
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
	process.on(signal, () => child.kill(signal))
}
child.on('exit', (code) => process.exit(code ?? 0))
