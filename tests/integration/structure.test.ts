import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * The codebase's shape, checked on every run (issue 29, docs/architecture.md): no import cycles,
 * nothing under app/lib or app/components reaching into server code, and no file over 300 lines
 * outside the image generator (scripts/images draws the demo photos procedurally).
 */
const ROOT = path.resolve(__dirname, '../..')
const SOURCE_DIRS = ['app', 'server', 'cli', 'scripts', 'bench', 'tests']
const MAX_LINES = 300
const LONG_FILES_ALLOWED = /^scripts\/images\//
const SKIPPED_DIRS = new Set(['node_modules', '.react-router', '+types', 'build', 'data'])

function sourceFiles(dir: string): string[] {
	return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
		const rel = path.posix.join(dir, entry.name)
		if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : sourceFiles(rel)
		return /\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [rel] : []
	})
}

const files = SOURCE_DIRS.flatMap(sourceFiles)
const known = new Set(files)
const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]/g

/** The project files a file imports (type-only imports included: a type cycle is still a knot). */
function importsOf(file: string): string[] {
	const text = fs.readFileSync(path.join(ROOT, file), 'utf8')
	const found: string[] = []
	for (const [, spec] of text.matchAll(IMPORT)) {
		const base = spec!.startsWith('~/')
			? path.posix.join('app', spec!.slice(2))
			: spec!.startsWith('.')
				? path.posix.join(path.posix.dirname(file), spec!)
				: null
		if (!base) continue
		const target = ['', '.ts', '.tsx', '/index.ts', '/index.tsx']
			.map((ext) => base.replace(/\.js$/, '') + ext)
			.find((candidate) => known.has(candidate))
		if (target) found.push(target)
	}
	return found
}

const graph = new Map(files.map((file) => [file, importsOf(file)]))

/** Each import cycle once, as the chain of files that closes it. */
function cycles(): string[][] {
	const found: string[][] = []
	const state = new Map<string, 'visiting' | 'done'>()
	const stack: string[] = []
	const visit = (file: string) => {
		state.set(file, 'visiting')
		stack.push(file)
		for (const next of graph.get(file) ?? []) {
			if (state.get(next) === 'visiting') found.push([...stack.slice(stack.indexOf(next)), next])
			else if (!state.has(next)) visit(next)
		}
		stack.pop()
		state.set(file, 'done')
	}
	for (const file of files) if (!state.has(file)) visit(file)
	return found
}

describe('the codebase’s structure', () => {
	it('has no import cycles', () => {
		expect(cycles().map((cycle) => cycle.join(' → '))).toEqual([])
	})

	it('keeps server code out of app/lib and app/components', () => {
		const upward = [...graph].flatMap(([file, imports]) =>
			/^app\/(lib|components)\//.test(file)
				? imports.filter((target) => target.startsWith('app/.server/')).map((t) => `${file} → ${t}`)
				: [],
		)
		expect(upward).toEqual([])
	})

	it(`has no file over ${MAX_LINES} lines outside the image generator`, () => {
		const long = files
			.filter((file) => !LONG_FILES_ALLOWED.test(file))
			.map((file) => ({
				file,
				lines: fs.readFileSync(path.join(ROOT, file), 'utf8').split('\n').length - 1,
			}))
			.filter(({ lines }) => lines > MAX_LINES)
			.map(({ file, lines }) => `${file}: ${lines}`)
		expect(long).toEqual([])
	})

	it('logs errors whole, so their cause and stack survive (issue 28, I2)', () => {
		// The logger's serializer keeps message, stack and cause, and strips a database error's
		// parameters (personal data); logging only `.message` threw all of that away.
		const messageOnly = files.filter(
			(file) =>
				!file.endsWith('.test.ts') &&
				/\berr: \(?\w+( as Error\))?\)?\.message\b/.test(
					fs.readFileSync(path.join(ROOT, file), 'utf8'),
				),
		)
		expect(messageOnly).toEqual([])
	})

	it('finds the imports it checks (a broken scan would pass everything)', () => {
		expect(graph.get('app/.server/orders/lifecycle.ts')).toContain('app/lib/order-status.ts')
		expect(graph.get('app/routes/pay.$token.tsx')).toContain('app/.server/payments/links.ts')
		expect(files.length).toBeGreaterThan(200)
	})
})
