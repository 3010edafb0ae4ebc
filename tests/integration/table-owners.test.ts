import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { TABLE_OWNERS } from '~/.server/db/owners'
import * as schema from '~/.server/db/schema'
import { findWrites, schemaTables, strayWrites } from '../support/table-writes'

/**
 * One owner per table (issue 58 item 1; the map is app/.server/db/owners.ts): every write to a
 * table's rows, as a Drizzle call or raw SQL, sits in one of its owner files. Reads files only.
 */
const ROOT = path.resolve(__dirname, '../..')
const SOURCE_DIRS = ['app', 'server', 'cli', 'scripts']
const SKIPPED_DIRS = new Set(['node_modules', '.react-router', '+types', 'build', 'data'])
/** Tests and the test beds beside them may write anything (they set up their own data). */
const NOT_SOURCE = /\.test\.tsx?$|-testbed\.ts$|\.d\.ts$/

function sourceFiles(dir: string): string[] {
	return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
		const rel = path.posix.join(dir, entry.name)
		if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : sourceFiles(rel)
		return /\.(ts|tsx|mjs|js)$/.test(entry.name) && !NOT_SOURCE.test(entry.name) ? [rel] : []
	})
}

const tables = schemaTables(schema)
const owners: Record<string, readonly string[]> = TABLE_OWNERS
const writes = SOURCE_DIRS.flatMap(sourceFiles).flatMap((file) =>
	findWrites(file, fs.readFileSync(path.join(ROOT, file), 'utf8'), tables),
)

describe('one owner per table', () => {
	it('names owners for every table of the schema, and only for its tables', () => {
		expect([...tables.byName.keys()].filter((table) => !owners[table]?.length)).toEqual([])
		expect(Object.keys(owners).filter((table) => !tables.byName.has(table))).toEqual([])
	})

	it('names owner files that exist', () => {
		const missing = Object.values(owners)
			.flat()
			.filter((owner) => !fs.existsSync(path.join(ROOT, 'app/.server', owner)))
		expect(missing).toEqual([])
	})

	it('finds no write to a table outside its owners', () => {
		expect(
			strayWrites(writes, owners).map((w) => `${w.file}:${w.line} ${w.how} (${w.table})`),
		).toEqual([])
	})

	it('finds the writes it checks (a broken scan would pass everything)', () => {
		const seen = new Set(writes.map((w) => `${w.file} ${w.table}`))
		expect(seen).toContain('app/.server/payments/links.ts paymentLinks') // Drizzle call
		expect(seen).toContain('app/.server/jobs/queue.ts jobs') // sql`update ${jobs} …`
		expect(seen).toContain('app/.server/photos/store.ts photoChunks') // SQL name in a string
		expect(tables.byName.size).toBeGreaterThan(30)
	})

	it('fails on a planted write outside the owner', () => {
		const planted = [
			"import { paymentLinks as links } from '~/.server/db/schema'",
			'await db.insert(paymentLinks).values(row)',
			'// db.delete(orders) in a comment is not a write',
			'await tx.update(links).set({ status })',
			// biome-ignore lint/suspicious/noTemplateCurlyInString: a sql`` template, as source text
			'await db.execute(sql`delete from ${orderEvents} where id = ${id}`)',
			"await client.query('UPDATE payment_links l SET status = $1')",
		].join('\n')
		const found = strayWrites(findWrites('app/.server/orders/planted.ts', planted, tables), owners)
		expect(found.map((w) => `${w.line} ${w.table}`)).toEqual([
			'2 paymentLinks',
			'4 paymentLinks',
			'5 orderEvents',
			'6 paymentLinks',
		])
		// The same writes in the owner's file are its own.
		const own = findWrites('app/.server/payments/links.ts', 'db.insert(paymentLinks)', tables)
		expect(own).toHaveLength(1)
		expect(strayWrites(own, owners)).toEqual([])
	})
})
