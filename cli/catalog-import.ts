// npm run catalog:import -- <file.csv> [--dry-run] [--force]
// Works beside running servers: embedded, through the server's socket (the server serves the new
// catalogue on its next request); with PostgreSQL, every instance sees it within a second.
import fs from 'node:fs'
import { importCatalog } from '~/.server/catalog/import'
import { previewCatalog } from '~/.server/catalog/preview'
import { commandLine } from './args'
import { openCliDatabase, ownerOnlyFiles } from './open-runtime'

ownerOnlyFiles()

const USAGE = 'Usage: npm run catalog:import -- <file.csv> [--dry-run] [--force]'
const { values: args, positionals } = commandLine('catalog:import', USAGE)
const [file] = positionals
if (!file) {
	console.error(USAGE)
	process.exit(2)
}
if (!fs.existsSync(file)) {
	console.error(`No such file: ${file}`)
	process.exit(2)
}
const { database } = await openCliDatabase()
try {
	const started = Date.now()
	const report = await importCatalog(database.db, fs.readFileSync(file), {
		dryRun: args['dry-run'] === true,
		force: args.force === true,
	})
	const seconds = ((Date.now() - started) / 1000).toFixed(1)
	if (report.status === 'refused') {
		console.error(`Refused: ${report.error} The previous catalogue is unchanged.`)
		process.exitCode = 1
	} else {
		const verb = {
			imported: 'Imported',
			valid: 'Valid (dry run, nothing written):',
			unchanged: 'Unchanged (same file as loaded):',
		}[report.status]
		console.log(
			`${verb} ${report.imported} rows in ${seconds} s; ${report.rejected.length} rejected.`,
		)
		for (const { line, reason } of report.rejected) console.log(`  line ${line}: ${reason}`)
		if (report.status === 'valid') {
			// The same comparison the admin upload shows before publishing.
			const result = await previewCatalog(database.db, fs.readFileSync(file))
			if (result.ok) {
				const p = result.preview
				console.log(
					`Against the live catalogue: ${p.addedCount} added, ${p.removedCount} removed, ${p.priceChangedCount} with a new price.`,
				)
			}
		}
	}
} finally {
	await database.close()
}
