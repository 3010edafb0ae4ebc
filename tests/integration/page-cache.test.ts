import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../support/app'

let app: TestApp
beforeAll(async () => {
	app = await startTestApp({}, { pageCacheMs: 60_000 })
})
afterAll(async () => {
	await app?.close()
})

const nonceOf = (res: Response) =>
	/'nonce-([^']+)'/.exec(res.headers.get('content-security-policy') ?? '')?.[1]

describe('page cache', () => {
	it('replays a cookie-less page compressed, with a CSP that matches its scripts', async () => {
		const first = await app.request('/about')
		expect(first.headers.get('x-page-cache')).toBe('miss')
		const firstHtml = await first.text()
		const second = await app.request('/about', { headers: { 'accept-encoding': 'br' } })
		expect(second.headers.get('x-page-cache')).toBe('hit')
		expect(second.headers.get('content-encoding')).toBe('br')
		const nonce = nonceOf(second)
		const html = await second.text()
		expect(html).toBe(firstHtml)
		const scripts = html.match(/<script\b[^>]*>/g) ?? []
		expect(scripts.length).toBeGreaterThan(0)
		for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`)
	})

	it('never serves the cache to a visitor with cookies, nor caches errors', async () => {
		await app.request('/services')
		const withCookie = await app.request('/services', { headers: { cookie: 'session=abc' } })
		expect(withCookie.headers.get('x-page-cache')).toBeNull()
		await app.request('/missing-page')
		const again = await app.request('/missing-page')
		expect(again.status).toBe(404)
		expect(again.headers.get('x-page-cache')).toBeNull()
	})
})
