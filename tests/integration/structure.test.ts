import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { importGraph, ROOT, sourceFiles } from '../support/source-graph'

/**
 * The codebase's shape, checked on every run (issue 29, docs/architecture.md): no import cycles,
 * nothing under app/lib or app/components reaching into server code, and no source file over 300
 * lines (a test file: 400) outside the image generator (scripts/images draws the demo photos
 * procedurally). The areas of app/.server and their order: structure-areas.test.ts.
 */
const SOURCE_DIRS = ['app', 'server', 'cli', 'scripts', 'bench', 'tests']
const MAX_LINES = 300
/** A test may follow one journey further, so one app boot serves it (issue 58 item 5). */
const MAX_TEST_LINES = 400
const LONG_FILES_ALLOWED = /^scripts\/images\//

const files = SOURCE_DIRS.flatMap((dir) => sourceFiles(dir))
const graph = importGraph(files)

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

	it(`has no source file over ${MAX_LINES} lines, no test file over ${MAX_TEST_LINES}`, () => {
		const long = files
			.filter((file) => !LONG_FILES_ALLOWED.test(file))
			.map((file) => ({
				file,
				lines: fs.readFileSync(path.join(ROOT, file), 'utf8').split('\n').length - 1,
				limit: /\.(test|spec)\.tsx?$/.test(file) ? MAX_TEST_LINES : MAX_LINES,
			}))
			.filter(({ lines, limit }) => lines > limit)
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
		expect(graph.get('app/.server/orders/lifecycle/lifecycle.ts')).toContain(
			'app/lib/order-status.ts',
		)
		expect(graph.get('app/routes/pay.$token.tsx')).toContain('app/.server/payments/links.ts')
		expect(files.length).toBeGreaterThan(200)
	})
})
