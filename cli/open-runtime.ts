import fs from 'node:fs'
import path from 'node:path'
import { openDatabase } from '~/.server/db/client'
import { parseEnv } from '~/.server/env'

/** The database a CLI command works on: the same settings as the server (DATA_DIR / DATABASE_URL). */
export async function openCliDatabase() {
	const env = parseEnv()
	if (!env.DATABASE_URL) fs.mkdirSync(path.resolve(env.DATA_DIR), { recursive: true })
	const database = await openDatabase({
		url: env.DATABASE_URL,
		dataDir: path.resolve(env.DATA_DIR, 'db'),
		poolSize: 2,
	})
	return { env, database }
}

/** `--name value` pairs from argv. */
export function flags(argv: string[]) {
	const out: Record<string, string | true> = {}
	for (let i = 0; i < argv.length; i++) {
		const arg = argv[i]!
		if (!arg.startsWith('--')) continue
		const next = argv[i + 1]
		if (next !== undefined && !next.startsWith('--')) {
			out[arg.slice(2)] = next
			i++
		} else out[arg.slice(2)] = true
	}
	return out
}
