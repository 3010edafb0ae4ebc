import fs from 'node:fs'
import path from 'node:path'
import { configDefaults, defineConfig } from 'vitest/config'
import { PGLITE_TEMPLATES } from './tests/support/pglite-templates'
import { TiersSlowestFirst } from './tests/support/sequencer'

/**
 * Three tiers by what a test needs (issue 56; docs/testing.md):
 * - `pure`: tests beside the code that start nothing: no database, no server. Run once.
 * - `database`: tests beside the code that open a database, and tests/integration (one app per
 *   file at most). Each file's database is a copy of one prepared per run
 *   (tests/support/prepared-databases.ts).
 * - `process`: tests/process, the shop as a real process on the production build (crash safety,
 *   the server process, management and backup commands).
 * With DATABASE_URL (CI's PostgreSQL pass: `npm run test:postgres`) the database and process tiers
 * run only the files whose result can differ by driver (DRIVER_SENSITIVE).
 */

const UNIT_ROOTS = ['app', 'server', 'scripts', 'cli']
/** A test beside the code is a database test when it opens a database or uses the tests' shop helpers. */
const NEEDS_DATABASE = /openDatabase|createTestDatabase|PGlite|startTestApp|tests\/support\//

/**
 * The files worth a second run on PostgreSQL: orders, payments, after-sale money, documents,
 * jobs and the outbox, backups and the move, SQL analytics and dates, photos' binary chunks,
 * catalogue versions and notifications, counters and concurrency. The rest (pages, forms,
 * wording, access) gives the same answer on either driver and runs once, on PGlite.
 */
const DRIVER_SENSITIVE = [
	'app/.server/orders/**/*.test.ts',
	'app/.server/documents/**/*.test.ts',
	'app/.server/books/**/*.test.ts',
	'app/.server/jobs/**/*.test.ts',
	'app/.server/analytics/**/*.test.ts',
	'app/.server/email/outbox.test.ts',
	'app/.server/db/backup.test.ts',
	'app/.server/db/backup-schedule.test.ts',
	'app/.server/db/move.test.ts',
	'app/.server/db/uk-date-sql.test.ts',
	'app/.server/catalog/edit.test.ts',
	'app/.server/catalog/catalog-notify.test.ts',
	'app/.server/photos/photos.test.ts',
	'app/.server/auth/attempt-limiter.test.ts',
	'app/.server/builds/survey-bookings.test.ts',
	'server/{order,project}-page-cache.test.ts',
	'tests/integration/{checkout,admin-orders,admin-api,order-*,customer-cancel}.test.ts',
	'tests/integration/{delivery-quotes,instant-quote,quote-*,pay-page,stripe-*}.test.ts',
	'tests/integration/{after-sale-*,admin-jobs,morning-summary}.test.ts',
	'tests/integration/{insights-figures,admin-insights,visit-*,two-instances}.test.ts',
	'tests/integration/{product-photos,security-sessions,security-signin}.test.ts',
	// Pond builds' money: two tabs accepting one quote, a stage paid once (issue 59).
	'tests/integration/{build-quotes,build-payments}.test.ts',
]
const DRIVER_SENSITIVE_PROCESSES = [
	'tests/process/{crash-safety,management-commands,server-process}.test.ts',
]

function testFiles(dir: string): string[] {
	return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const file = path.join(dir, entry.name)
		if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : testFiles(file)
		return /\.test\.tsx?$/.test(entry.name) ? [file] : []
	})
}
const unitFiles = UNIT_ROOTS.flatMap(testFiles)
const needsDatabase = (file: string) => NEEDS_DATABASE.test(fs.readFileSync(file, 'utf8'))
const PURE = unitFiles.filter((file) => !needsDatabase(file))
const DATABASE_UNITS = unitFiles.filter(needsDatabase)

/** On PostgreSQL a tier runs only its driver-sensitive files. */
const onDriver = (files: string[], driverSensitive: string[]) =>
	process.env.DATABASE_URL ? driverSensitive : files

// Separate from vite.config.ts: the React Router plugin is for the app build, not for Vitest.
export default defineConfig({
	resolve: { alias: { '~': new URL('./app', import.meta.url).pathname } },
	test: {
		exclude: configDefaults.exclude,
		environment: 'node',
		testTimeout: 30_000,
		hookTimeout: 60_000,
		// Two cores, so two files at a time; on PostgreSQL three, as half of a test's time there is
		// the database server's own process (CI's pass took 143–157 s with three, 174 s with two).
		// Not on PGlite, where the database runs in the worker: a third starved the process tier's
		// shops (one took over 60 s to answer /healthz).
		maxWorkers: process.env.DATABASE_URL ? 3 : 2,
		// A worker runs its files one after another in one process, so the app is compiled once per
		// worker (tests/support/app.ts), not once per file. So a file must leave no server, env
		// change or fake timer behind.
		isolate: false,
		sequence: { sequencer: TiersSlowestFirst },
		// The photo worker at priority 19, not SCHED_IDLE: see WORKER_POLICY in photo-worker.ts.
		env: { PHOTO_WORKER_SCHED: 'nice', ...PGLITE_TEMPLATES },
		projects: [
			{ extends: true, test: { name: 'pure', include: PURE } },
			{
				extends: true,
				test: {
					name: 'database',
					include: onDriver(
						[...DATABASE_UNITS, 'tests/integration/**/*.test.ts'],
						DRIVER_SENSITIVE,
					),
					// A folder on the driver-sensitive list may hold pure tests too: they ran once already.
					exclude: [...configDefaults.exclude, ...PURE],
					globalSetup: ['tests/support/prepared-databases.ts'],
				},
			},
			{
				extends: true,
				test: {
					name: 'process',
					include: onDriver(['tests/process/**/*.test.ts'], DRIVER_SENSITIVE_PROCESSES),
					// Its shops make their own databases (a test database only on PostgreSQL, made as before).
					globalSetup: ['tests/support/production-build.ts'],
				},
			},
		],
	},
})
