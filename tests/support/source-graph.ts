import fs from 'node:fs'
import path from 'node:path'

/**
 * The project's files and the project files each imports, read as text (no build), for the
 * structure tests: structure.test.ts (cycles, server code kept out of the browser's, file sizes)
 * and structure-areas.test.ts (the areas of app/.server in their order).
 */
export const ROOT = path.resolve(__dirname, '../..')
const SKIPPED_DIRS = new Set(['node_modules', '.react-router', '+types', 'build', 'data'])

/** The files under `dir` (relative to the repository) whose names match `pattern`. */
export function sourceFiles(dir: string, pattern = /\.(ts|tsx)$/): string[] {
	return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
		const rel = path.posix.join(dir, entry.name)
		if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : sourceFiles(rel, pattern)
		return pattern.test(entry.name) && !entry.name.endsWith('.d.ts') ? [rel] : []
	})
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]/g

/** The files among `known` that `file` imports (type-only imports included: they are still a tie). */
export function importsOf(file: string, known: ReadonlySet<string>): string[] {
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

/** Each file with the project files it imports. */
export function importGraph(files: string[]): Map<string, string[]> {
	const known = new Set(files)
	return new Map(files.map((file) => [file, importsOf(file, known)]))
}
