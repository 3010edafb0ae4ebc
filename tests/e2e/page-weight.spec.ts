import { gzipSync } from 'node:zlib'
import { expect, type Page, test } from '@playwright/test'
import { visit } from './support'

// Issue 34 item 11: the sign-in page carried My Account's screens and zod (160 KB, 32 scripts)
// and the home page was over its 130 KB budget. Measured as bench/home.ts does: every script the
// HTML preloads or imports, each gzipped on its own at level 9.
const BUDGET_KB = 130

/** Every script the HTML preloads or imports, with its text. */
async function initialScripts(page: Page, path: string) {
	const html = await (await page.request.get(path)).text()
	const urls = new Set<string>()
	for (const m of html.matchAll(/<link rel="modulepreload"[^>]*\shref="([^"]+)"/g)) urls.add(m[1]!)
	for (const m of html.matchAll(/import\("([^"]+)"\)|from "([^"]+\.js)"/g))
		urls.add((m[1] ?? m[2])!)
	return Promise.all(
		[...urls].map(async (url) => ({ url, body: await (await page.request.get(url)).body() })),
	)
}

async function initialJavaScriptKb(page: Page, path: string) {
	const scripts = await initialScripts(page, path)
	let bytes = 0
	for (const { body } of scripts) bytes += gzipSync(body, { level: 9 }).length
	return { kb: bytes / 1024, files: scripts.length }
}

test('the home page and the sign-in page keep to the script budget', async ({ page }) => {
	const home = await initialJavaScriptKb(page, '/')
	const signIn = await initialJavaScriptKb(page, '/auth')
	console.log(
		`/ ${home.kb.toFixed(1)} KB in ${home.files}; /auth ${signIn.kb.toFixed(1)} KB in ${signIn.files}`,
	)
	expect(home.kb).toBeLessThanOrEqual(BUDGET_KB)
	expect(signIn.kb).toBeLessThanOrEqual(BUDGET_KB)
})

test('signed out, /auth loads neither My Account nor zod until the form is touched', async ({
	page,
}) => {
	const scripts: Array<{ url: string; body: string }> = []
	page.on('response', async (response) => {
		if (!response.url().endsWith('.js')) return
		scripts.push({ url: response.url(), body: await response.text().catch(() => '') })
	})
	await visit(page, '/auth', { a11y: false })
	await page.waitForLoadState('networkidle')
	const loaded = (needle: string) =>
		scripts.filter((s) => s.body.includes(needle)).map((s) => s.url)
	// Strings only those modules hold: the profile tab's heading and zod's error class.
	expect(loaded('Saved delivery details')).toEqual([])
	expect(loaded('ZodError')).toEqual([])
	// Touching the form fetches its schemas, so the browser checks it before the round trip.
	await page.getByLabel('Email').focus()
	await expect.poll(() => loaded('ZodError').length).toBeGreaterThan(0)
})

test("the home page's script holds no portfolio project data: its featured projects come with the page's data", async ({
	page,
}) => {
	// Every project's description and gallery details used to load on / with its three cards.
	const scripts = await initialScripts(page, '/')
	const holding = (needle: string) =>
		scripts.filter((s) => s.body.toString('utf8').includes(needle)).map((s) => s.url)
	expect(holding('glass viewing panel')).toEqual([])
	expect(holding('preformed pond and bubbling urn')).toEqual([])
	await visit(page, '/', { a11y: false })
	await expect(page.getByRole('link', { name: 'View Project: Modern Koi Pond' })).toBeVisible()
})
