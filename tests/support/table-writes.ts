import { getTableName, is } from 'drizzle-orm'
import { PgTable } from 'drizzle-orm/pg-core'

/**
 * Finding writes to tables in source text, for the owner check
 * (tests/integration/table-owners.test.ts, app/.server/db/owners.ts). Pure: text in, writes out.
 */

export type Tables = { byName: Map<string, string>; bySqlName: Map<string, string> }
export type Write = { file: string; line: number; table: string; how: string }

/** The schema's tables: export name → itself, and SQL name → export name. */
export function schemaTables(module: Record<string, unknown>): Tables {
	const byName = new Map<string, string>()
	const bySqlName = new Map<string, string>()
	for (const [name, value] of Object.entries(module)) {
		if (!is(value, PgTable)) continue
		byName.set(name, name)
		bySqlName.set(getTableName(value).toLowerCase(), name)
	}
	return { byName, bySqlName }
}

const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length

/**
 * Every write to a schema table in one file's text: `.insert(t)`, `.update(t)`, `.delete(t)` on a
 * table variable (an alias imported from the schema included), and raw SQL `insert into`,
 * `update … set`, `delete from` naming a table (`${t}` in a sql template, or its SQL name in a
 * string). Comment lines are left out, so prose about a write is not one.
 */
export function findWrites(file: string, source: string, tables: Tables): Write[] {
	const text = source.replace(/^\s*(\/\/|\/\*|\*).*$/gm, '')
	const variables = new Map(tables.byName)
	for (const [, names = ''] of text.matchAll(
		/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*['"][^'"]*db\/schema['"]/g,
	))
		for (const [, exported, local] of names.matchAll(/(\w+)\s+as\s+(\w+)/g))
			if (tables.byName.has(exported!)) variables.set(local!, exported!)
	const found: Write[] = []
	const add = (index: number, table: string | undefined, how: string) => {
		if (table) found.push({ file, line: lineOf(text, index), table, how })
	}
	for (const m of text.matchAll(/\.(insert|update|delete)\(\s*(?:\w+\.)?(\w+)\s*\)/g))
		add(m.index, variables.get(m[2]!), `${m[1]}(${m[2]})`)
	for (const m of text.matchAll(
		/\b(insert\s+into|update|delete\s+from)\s+\$\{\s*(?:\w+\.)?(\w+)\s*\}/gi,
	))
		add(m.index, variables.get(m[2]!), `${m[1]!.toLowerCase().replace(/\s+/, ' ')} \${${m[2]}}`)
	const sqlName =
		/\b(insert\s+into|delete\s+from)\s+"?(\w+)"?|\bupdate\s+"?(\w+)"?(?:\s+(?:as\s+)?\w+)?\s+set\b/gi
	for (const m of text.matchAll(sqlName)) {
		const name = (m[2] ?? m[3])!.toLowerCase()
		add(m.index, tables.bySqlName.get(name), `${(m[1] ?? 'update').toLowerCase()} ${name}`)
	}
	return found
}

/** The writes made outside the written table's owner files (paths under app/.server). */
export function strayWrites(writes: Write[], owners: Record<string, readonly string[]>) {
	return writes.filter(
		(w) => !(owners[w.table] ?? []).some((owner) => w.file === `app/.server/${owner}`),
	)
}
