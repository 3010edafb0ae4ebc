import os from 'node:os'
import path from 'node:path'

/**
 * For every test shop and database the tests create on the embedded engine: PGlite's initdb (6 s
 * of CPU time, the same empty cluster each time) runs once per machine and is unpacked after that
 * (app/.server/db/create-pglite.mjs). Set by vitest.config.ts, vitest.fuzz.config.ts and
 * playwright.config.ts; a shop run for real never has it.
 */
export const PGLITE_TEMPLATES = {
	KOI_PGLITE_TEMPLATE_DIR: path.join(os.tmpdir(), 'koi-pglite-templates'),
}
