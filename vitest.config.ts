import { defineConfig } from 'vitest/config'

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
		environment: 'node',
		testTimeout: 30_000,
		hookTimeout: 60_000,
		// Integration files each boot an app and a database; two cores, so two at a time.
		maxWorkers: 2,
		// The photo worker at priority 19, not SCHED_IDLE: see WORKER_POLICY in photo-worker.ts.
		env: { PHOTO_WORKER_SCHED: 'nice' },
	},
})
