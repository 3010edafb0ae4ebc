import { configDefaults, defineConfig } from 'vitest/config'

/**
 * Files that test the embedded database itself (its data directory's owner, its creation, its
 * thread, its driver, its maintenance), whatever DATABASE_URL says. With DATABASE_URL set (CI's
 * PostgreSQL pass) they would only run again, exactly as in the first pass: they are left out.
 */
const EMBEDDED_ONLY = [
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
		// The photo worker at priority 19, not SCHED_IDLE: see WORKER_POLICY in photo-worker.ts.
		env: { PHOTO_WORKER_SCHED: 'nice' },
	},
})
