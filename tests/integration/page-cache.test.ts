import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cspNonceOf, startTestApp, type TestApp } from '../support/app'

let app: TestApp
beforeAll(async () => {
	app = await startTestApp({}, { pageCacheMs: 60_000 })
})
afterAll(async () => {
	await app?.close()
})

const nonceOf = cspNonceOf

describe('page cache', () => {
	it('renders a page once however many requests for it arrive together; the rest replay it', async () => {
		// The test app compiles a route on its first render (over 10 s on a busy machine, longer
		// than a request waits for another's render): compiled first through another address.
		expect((await app.request('/contact?warm=1')).status).toBe(200)
		const answers = await Promise.all(Array.from({ length: 12 }, () => app.request('/contact')))
		const how = answers.map((answer) => answer.headers.get('x-page-cache'))
		expect(how.filter((h) => h === 'miss')).toHaveLength(1)
		expect(how.filter((h) => h === 'hit')).toHaveLength(11)
		const pages = await Promise.all(answers.map((answer) => answer.text()))
		pages.forEach((html, i) => {
			expect(answers[i]!.status).toBe(200)
			expect(html).toContain(`nonce="${nonceOf(answers[i]!)}"`)
		})
	})

	it('answers requests for a page it may not keep together, each rendered', async () => {
		const answers = await Promise.all(Array.from({ length: 4 }, () => app.request('/no-such-page')))
		for (const answer of answers) {
			expect(answer.status).toBe(404)
			expect(answer.headers.get('x-page-cache')).toBeNull()
		}
	})

	it('replays a cookie-less page compressed, each time with its own nonce in CSP and scripts', async () => {
		const first = await app.request('/about')
		expect(first.headers.get('x-page-cache')).toBe('miss')
		const firstNonce = nonceOf(first)!
		const firstHtml = await first.text()
		const seen = new Set([firstNonce])
		// A browser that takes gzip gets the spliced gzip replay (decision 0015); br alone, br.
		for (const [encoding, expected] of [
			['br', 'br'],
			['gzip', 'gzip'],
			['gzip, deflate, br, zstd', 'gzip'],
			['identity', null],
		] as const) {
			const replay = await app.request('/about', { headers: { 'accept-encoding': encoding } })
			expect(replay.headers.get('x-page-cache')).toBe('hit')
			expect(replay.headers.get('content-encoding')).toBe(expected)
			const nonce = nonceOf(replay)!
			expect(seen.has(nonce), 'a fresh nonce per replay').toBe(false)
			seen.add(nonce)
			const html = await replay.text()
			expect(html).not.toContain(firstNonce)
			expect(html).toBe(firstHtml.replaceAll(firstNonce, nonce))
			const scripts = html.match(/<script\b[^>]*>/g) ?? []
			expect(scripts.length).toBeGreaterThan(0)
			for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`)
		}
	})

	it('never serves the cache to a personal page, nor caches errors', async () => {
		// Cookie-less both times: only the personal-page rule can keep /auth out of the cache.
		for (const path of [
			'/auth',
			'/auth.data',
			'/checkout-auth',
			'/order-confirmation?order=KP-1',
		]) {
			await app.request(path)
			const again = await app.request(path)
			expect(again.headers.get('x-page-cache'), path).toBeNull()
			expect(again.headers.get('cache-control'), path).toBe('private, no-store')
		}
		await app.request('/missing-page')
		const missing = await app.request('/missing-page')
		expect(missing.status).toBe(404)
		expect(missing.headers.get('x-page-cache')).toBeNull()
	})
})
