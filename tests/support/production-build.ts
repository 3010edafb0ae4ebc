import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { build } from 'vite'

/** What the production build is made from: a newer file here means the build is stale. */
const SOURCES = [
	'app',
	'server',
	'drizzle',
	'package-lock.json',
	'vite.config.ts',
	'react-router.config.ts',
]
const BUILD = 'build/server/index.js'

function newestSource(entry: string): number {
	const stat = fs.statSync(entry, { throwIfNoEntry: false })
	if (!stat) return 0
	if (!stat.isDirectory()) return stat.mtimeMs
	return Math.max(0, ...fs.readdirSync(entry).map((child) => newestSource(path.join(entry, child))))
}

/**
 * Vitest global setup for the process tier (issue 56): its tests start the shop as production
 * runs it, on ./build. CI builds before the tests, so this finds the build current and does
 * nothing; a developer's `npm test` after an edit builds once here instead (and says so).
 */
export default async function setup() {
	await bundleCommands()
	const built = fs.statSync(BUILD, { throwIfNoEntry: false })?.mtimeMs ?? 0
	const changed = Math.max(...SOURCES.map(newestSource))
	if (built > changed) return
	const started = performance.now()
	console.log(
		built
			? 'The production build is older than the sources: building…'
			: 'No production build: building…',
	)
	// A production bundle whatever the caller's NODE_ENV (Vitest's is 'test', which would ship
	// React's development build and fail the page-weight budget in the browser tests after it).
	execFileSync('npm', ['run', 'build'], {
		stdio: 'inherit',
		env: { ...process.env, NODE_ENV: 'production' },
	})
	console.log(`Built in ${((performance.now() - started) / 1000).toFixed(1)} s`)
}

/** Where the management commands are bundled for the process tests (tests/support/cli.ts). */
export const COMMANDS_DIR = 'node_modules/.cache/koi-test-cli'

/**
 * The management commands (cli/*.ts) bundled into plain modules, once per run (about 1 s): the
 * process tests run them about 25 times, and through tsx's loader each run spent 2.7 s more CPU
 * time loading the server code than the bundle does. The same code, only not compiled on every
 * start; `npx tsx cli/admin-create.ts`, as the README runs them, starts every browser-test shop.
 */
async function bundleCommands() {
	const input = Object.fromEntries(
		fs
			.readdirSync('cli')
			.filter((file) => /^[a-z-]+\.ts$/.test(file) && !file.endsWith('.test.ts'))
			.map((file) => [file.replace(/\.ts$/, ''), `cli/${file}`]),
	)
	await build({
		configFile: false,
		logLevel: 'warn',
		publicDir: false,
		resolve: { alias: { '~': path.resolve('app') } },
		build: {
			ssr: true,
			outDir: COMMANDS_DIR,
			emptyOutDir: true,
			minify: false,
			reportCompressedSize: false,
			rollupOptions: { input, output: { format: 'esm', entryFileNames: '[name].mjs' } },
		},
	})
	process.env.KOI_TEST_COMMANDS = path.resolve(COMMANDS_DIR)
}
