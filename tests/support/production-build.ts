import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

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
export default function setup() {
	const built = fs.statSync(BUILD, { throwIfNoEntry: false })?.mtimeMs ?? 0
	const changed = Math.max(...SOURCES.map(newestSource))
	if (built > changed) return
	const started = performance.now()
	console.log(
		built
			? 'The production build is older than the sources: building…'
			: 'No production build: building…',
	)
	execFileSync('npm', ['run', 'build'], { stdio: 'inherit' })
	console.log(`Built in ${((performance.now() - started) / 1000).toFixed(1)} s`)
}
