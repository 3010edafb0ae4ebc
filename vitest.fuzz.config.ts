import { defineConfig } from 'vitest/config'
import { PGLITE_TEMPLATES } from './tests/support/pglite-templates'

// The fuzz suite (tests/fuzz): against the production build, so apart from `npm test`, which runs
// before the build. One file, one worker: it starts its own two servers.
export default defineConfig({
	resolve: { alias: { '~': new URL('./app', import.meta.url).pathname } },
	test: {
		include: ['tests/fuzz/**/*.test.ts'],
		environment: 'node',
		testTimeout: 240_000,
		hookTimeout: 180_000,
		maxWorkers: 1,
		env: PGLITE_TEMPLATES,
	},
})
