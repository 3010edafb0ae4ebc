import { configDefaults, defineConfig } from 'vitest/config'

/**
 * Files that run the same whatever DATABASE_URL says: they test the embedded database itself (its
 * data directory's owner, its creation, its thread, its driver, its maintenance), or start an
 * embedded shop of their own (backup, restore and the move to PostgreSQL). With DATABASE_URL set
 * (CI's PostgreSQL pass) they would only run again, exactly as in the first pass: left out.
 */
const EMBEDDED_ONLY = [
	'tests/integration/backup-commands.test.ts',
	'app/.server/db/owner.test.ts',
	'app/.server/db/create-pglite.test.ts',
	'app/.server/db/pglite-thread.test.ts',
	'app/.server/db/client.test.ts',
	'app/.server/db/maintenance.test.ts',
	'server/management-socket.test.ts',
]

// Separate from vite.config.ts: the React Router plugin is for the app build, not for Vitest.
export default defineConfig({
	resolve: { alias: { '~': new URL('./app', import.meta.url).pathname } },
	test: {
		include: [
			'app/**/*.test.{ts,tsx}',
			'server/**/*.test.ts',
			'scripts/**/*.test.ts',
			'cli/**/*.test.ts',
			'tests/integration/**/*.test.ts',
		],
		exclude: [...configDefaults.exclude, ...(process.env.DATABASE_URL ? EMBEDDED_ONLY : [])],
		environment: 'node',
		testTimeout: 30_000,
		hookTimeout: 60_000,
		// Integration files each boot an app and a database; two cores, so two at a time.
		maxWorkers: 2,
		// A worker runs its files one after another in one process, so the app is compiled once per
		// worker (tests/support/app.ts), not once per file: ~7 s a file, 752 s → 314 s for the
		// suite on the 2-core machine. So a file must leave no server, env change or fake timer.
		isolate: false,
		// The photo worker at priority 19, not SCHED_IDLE: see WORKER_POLICY in photo-worker.ts.
		env: { PHOTO_WORKER_SCHED: 'nice' },
	},
})
