import fs from 'node:fs'
import { defineConfig, devices } from '@playwright/test'
import { PGLITE_TEMPLATES } from './tests/support/pglite-templates'

/**
 * Debian's headless shell (package chromium-headless-shell, installed by .ci/run) where it is
 * there: the same Chromium build without the desktop browser's window and compositor, which took
 * a sixth more CPU time over the suite on the 2-core machine (docs/testing.md); else the browser.
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell'
const CHROMIUM =
	process.env.CHROME_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium')

const PORT = Number(process.env.E2E_PORT ?? 4173)
export const DATA_DIR = process.env.E2E_DATA_DIR ?? `data/e2e-${PORT}`
export const E2E_ADMIN = { email: 'admin@e2e.example', password: 'admin password 1' }
/**
 * A second shop with Stripe keys, talking to the fake Stripe server (tests/e2e/stripe.spec.ts); also
 * where admin-portfolio.spec.ts changes the portfolio and home page the first shop's specs check.
 */
export const STRIPE_SHOP_URL = `http://localhost:${PORT + 1}`
const FAKE_STRIPE_PORT = PORT + 2
/** What every test shop runs with (these two and tests/e2e/clocked-shop.ts), beside its own port and data. */
export const E2E_SHOP_ENV = {
	NODE_ENV: 'production',
	// The suite's admin (made by admin:create) signs in with a password alone: the other specs
	// are not about sign-in. Refused on a public address (env.ts, decision 0036).
	STAFF_SECOND_FACTOR: 'relaxed-for-tests',
	LOG_LEVEL: 'warn',
	OUTBOX_POLL_MS: '300',
	// Every test's customers come from 127.0.0.1: no hourly order quota per address.
	ORDERS_PER_HOUR_PER_IP: '0',
	// Customers registered by form post say which address they come from (X-Forwarded-For, in
	// factories.ts): the suite registers more than the 50 an hour one address may (a 429 otherwise).
	TRUST_PROXY: '1',
	// Two browsers and their journeys keep both cores busy for the whole run: under SCHED_IDLE the
	// photo worker got so little CPU time that twelve uploads took 100 s, and at priority 19 the
	// portfolio's six covers, drawn on first request, were not there after 10 s. Normal priority
	// here only (photo-worker.ts); a shop keeps its photo work idle-priority.
	PHOTO_WORKER_SCHED: 'normal',
	// One picture cache for every test shop of a run (the two here and the clocked ones), so a
	// picture is drawn once per run, not once per shop: the cache is made for instances sharing it
	// (write aside, rename; decision 0028). The first webServer empties it, so each run starts cold.
	IMAGE_CACHE_DIR: `${DATA_DIR}-images`,
	// No shop warms it: drawing each picture on its first request took 72 s of CPU time over the
	// suite, the main shop's warm-up of all 1,627 took 203 s, and the run was a minute slower.
	IMAGE_WARMUP: 'off',
	...PGLITE_TEMPLATES,
}

// Runs against the production build (npm run build first) with a fresh embedded database.
export default defineConfig({
	testDir: 'tests/e2e',
	fullyParallel: true,
	workers: process.env.CI ? 2 : undefined,
	retries: 0,
	reporter: [['list']],
	// Long journeys (Stripe, order page) took 20–32 s on the 2-core CI machine: a hang still stops at 60 s.
	timeout: 60_000,
	expect: { timeout: 10_000 },
	use: {
		baseURL: `http://localhost:${PORT}`,
		trace: 'retain-on-failure',
		launchOptions: {
			executablePath: CHROMIUM,
			args: [
				'--no-sandbox',
				'--disable-gpu',
				'--disable-quic',
				'--no-first-run',
				'--disable-background-networking',
				'--disable-component-update',
				'--disable-sync',
			],
		},
	},
	// Each journey runs once, on the desktop. The phone runs what depends on its layout: tests
	// tagged @phone run only there (menu, admin at 360 px, gallery full screen, pagination, error
	// summaries), tests tagged @mobile run in both projects (every-page.spec.ts: each page at both
	// widths, with axe).
	projects: [
		{
			name: 'desktop',
			use: { ...devices['Desktop Chrome'], channel: undefined },
			grepInvert: /@phone/,
		},
		{
			name: 'mobile',
			use: { ...devices['Pixel 7'], viewport: { width: 360, height: 780 } },
			grep: /@mobile|@phone/,
		},
	],
	webServer: [
		{
			// A fresh database with one admin (made by the real CLI) for every run.
			command: `rm -rf ${DATA_DIR} ${DATA_DIR}-images && npx tsx cli/admin-create.ts --email ${E2E_ADMIN.email} --password '${E2E_ADMIN.password}' && node server.js`,
			url: `http://localhost:${PORT}/healthz`,
			reuseExistingServer: false,
			// The CLI and the server start in 20–40 s; on a machine shared with other runs, over 60 s.
			timeout: 120_000,
			env: {
				...E2E_SHOP_ENV,
				PORT: String(PORT),
				DATA_DIR,
				SITE_URL: `http://localhost:${PORT}`,
			},
		},
		{
			command: 'npx tsx tests/support/fake-stripe-server.ts',
			url: `http://127.0.0.1:${FAKE_STRIPE_PORT}/health`,
			reuseExistingServer: false,
			env: {
				FAKE_STRIPE_PORT: String(FAKE_STRIPE_PORT),
				FAKE_STRIPE_WEBHOOK_URL: `${STRIPE_SHOP_URL}/webhooks/stripe`,
			},
		},
		{
			command: `rm -rf ${DATA_DIR}-stripe && npx tsx cli/admin-create.ts --email ${E2E_ADMIN.email} --password '${E2E_ADMIN.password}' && node server.js`,
			url: `${STRIPE_SHOP_URL}/healthz`,
			reuseExistingServer: false,
			timeout: 120_000,
			env: {
				...E2E_SHOP_ENV,
				PORT: String(PORT + 1),
				DATA_DIR: `${DATA_DIR}-stripe`,
				SITE_URL: STRIPE_SHOP_URL,
				STRIPE_SECRET_KEY: 'sk_test_fake_koi',
				STRIPE_WEBHOOK_SECRET: 'whsec_fake_koi',
				STRIPE_API_BASE: `http://127.0.0.1:${FAKE_STRIPE_PORT}`,
			},
		},
	],
})
