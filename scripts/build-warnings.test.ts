import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import routerConfig from '../react-router.config'
import { isExpectedBuildWarning } from './build-warnings'

describe('build output', () => {
	it('hides only the warnings every build prints and that need no action', () => {
		expect(isExpectedBuildWarning({ code: 'EMPTY_BUNDLE' })).toBe(true)
		expect(
			isExpectedBuildWarning({
				code: 'INVALID_ANNOTATION',
				id: '/x/node_modules/zod/v4/core/util.js',
			}),
		).toBe(true)
		// The same mistake in our own code is worth seeing, as is anything else.
		expect(isExpectedBuildWarning({ code: 'INVALID_ANNOTATION', id: '/x/app/lib/money.ts' })).toBe(
			false,
		)
		expect(isExpectedBuildWarning({ code: 'CIRCULAR_DEPENDENCY', id: '/x/app/root.tsx' })).toBe(
			false,
		)
	})

	it("keeps a module loaded with import() out of the server bundle's static graph", () => {
		// Vite warns at every build ('dynamically imported … but also statically imported') when a
		// module is both; the server build imports everything statically, so a browser-only import()
		// belongs in a `.client` module, which the server build leaves out (issue 34 item 8).
		const files = sourceFiles('app').filter((f) => !/\.test\.tsx?$/.test(f))
		const staticallyImported = new Set<string>()
		const dynamic: Array<{ file: string; target: string }> = []
		for (const file of files) {
			const source = fs.readFileSync(file, 'utf8')
			for (const [, specifier] of source.matchAll(/^import (?!type )[^;]*? from '(~\/[^']+)'/gm))
				staticallyImported.add(specifier!)
			for (const [, specifier] of source.matchAll(/\bimport\('(~\/[^']+)'\)/g))
				dynamic.push({ file, target: specifier! })
		}
		expect(dynamic.length).toBeGreaterThan(0)
		const clashes = dynamic
			.filter(({ file, target }) => !/\.client\.tsx?$/.test(file) && staticallyImported.has(target))
			.map(({ file, target }) => `${file} → ${target}`)
		expect(clashes).toEqual([])
	})

	it('decides every future flag React Router would otherwise warn about at each build', () => {
		// The flags the installed React Router checks in logFutureFlagWarnings: a new version's new
		// flag fails this test until someone decides it.
		const require = createRequire(import.meta.url)
		const devDir = path.dirname(require.resolve('@react-router/dev/package.json'))
		const source = fs.readFileSync(path.join(devDir, 'dist/vite.js'), 'utf8')
		const body = source.slice(source.indexOf('function logFutureFlagWarnings('))
		const warned = [...body.slice(0, body.indexOf('\n}\n')).matchAll(/future\.(\w+) === void 0/g)]
		expect(warned.length).toBeGreaterThan(0)
		const future = (routerConfig.future ?? {}) as Record<string, unknown>
		for (const [, flag] of warned) expect(future[flag as string], flag).toBeTypeOf('boolean')
	})
})

function sourceFiles(dir: string): string[] {
	return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const file = path.join(dir, entry.name)
		if (entry.isDirectory()) return sourceFiles(file)
		return /\.tsx?$/.test(entry.name) ? [file] : []
	})
}
