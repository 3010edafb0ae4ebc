import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../support/app'

let app: TestApp
beforeAll(async () => {
	app = await startTestApp()
})
afterAll(async () => {
	await app?.close()
})

describe('the running site', () => {
	it('answers the health check when the database does', async () => {
		const res = await app.request('/healthz')
		expect(res.status).toBe(200)
		expect(await res.json()).toEqual({ status: 'ok' })
	})

	it('sends security headers with a fresh CSP nonce on every page', async () => {
		const [a, b] = await Promise.all([app.request('/'), app.request('/')])
		const csp = a.headers.get('content-security-policy') ?? ''
		expect(csp).toMatch(/script-src 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/)
		expect(csp).toContain("frame-ancestors 'none'")
		expect(b.headers.get('content-security-policy')).not.toBe(csp)
		expect(a.headers.get('x-content-type-options')).toBe('nosniff')
		expect(a.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
		expect(a.headers.get('x-powered-by')).toBeNull()
		const nonce = /'nonce-([^']+)'/.exec(csp)?.[1]
		const html = await a.text()
		// Every script element carries the nonce: none would run otherwise.
		const scripts = html.match(/<script\b[^>]*>/g) ?? []
		expect(scripts.length).toBeGreaterThan(0)
		for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`)
	})

	it('preloads the page scripts at low priority: the page works before they run', async () => {
		const html = await (await app.request('/')).text()
		const preloads = html.match(/<link rel="modulepreload"[^>]*>/g) ?? []
		expect(preloads.length).toBeGreaterThan(0)
		for (const tag of preloads) expect(tag).toContain('fetchpriority="low"')
	})

	it('renders each content page with its own title, description and canonical link', async () => {
		const titles = new Set<string>()
		for (const path of [
			'/',
			'/about',
			'/services',
			'/contact',
			'/privacy-policy',
			'/terms-and-conditions',
		]) {
			const res = await app.request(path)
			expect(res.status, path).toBe(200)
			const html = await res.text()
			const title = /<title>([^<]+)<\/title>/.exec(html)?.[1]
			expect(title, path).toBeTruthy()
			titles.add(title!)
			expect(html).toMatch(/<meta name="description" content="[^"]{40,}"/)
			expect(html).toContain(`<link rel="canonical" href="${app.url}${path}"/>`)
			expect(html).toContain('<meta property="og:locale" content="en_GB"/>')
			expect(html.match(/<h1\b/g)?.length, `${path} has one h1`).toBe(1)
		}
		expect(titles.size).toBe(6)
	})

	it('answers unknown pages with the 404 page', async () => {
		const res = await app.request('/no-such-page')
		expect(res.status).toBe(404)
		expect(await res.text()).toContain('Page not found')
	})

	it('rejects malformed addresses and oversized bodies with a 4xx, never a 500', async () => {
		expect((await app.request('/%E0%A4%A')).status).toBe(400)
		const big = await app.request('/contact', {
			method: 'POST',
			headers: { 'content-type': 'text/plain', origin: app.url },
			body: 'x'.repeat(2 * 1024 * 1024),
		})
		expect(big.status).toBe(413)
	})

	it('refuses cross-site form posts', async () => {
		const res = await app.request('/contact', {
			method: 'POST',
			headers: {
				origin: 'https://evil.example',
				'content-type': 'application/x-www-form-urlencoded',
			},
			body: 'a=1',
		})
		expect(res.status).toBe(403)
	})

	it('takes a form posted from a no-referrer page (Origin: null) only when the browser says same-origin', async () => {
		const post = (headers: Record<string, string>) =>
			app.request('/contact', {
				method: 'POST',
				headers: {
					origin: 'null',
					'content-type': 'application/x-www-form-urlencoded',
					...headers,
				},
				body: 'name=Ann&email=not-an-address&message=Hello',
			})
		const same = await post({ 'sec-fetch-site': 'same-origin' })
		expect(same.status).toBe(400)
		expect(await same.text()).toContain('email')
		expect((await post({ 'sec-fetch-site': 'cross-site' })).status).toBe(403)
		expect((await post({ 'sec-fetch-site': 'same-site' })).status).toBe(403)
		expect((await post({})).status).toBe(403)
	})

	it('publishes robots.txt and a sitemap of the static pages', async () => {
		const robots = await (await app.request('/robots.txt')).text()
		expect(robots).toContain(`Sitemap: ${app.url}/sitemap.xml`)
		const disallowed = [...robots.matchAll(/^Disallow: (.+)$/gm)].map((m) => m[1])
		expect(disallowed).toEqual(expect.arrayContaining(['/admin', '/auth/', '/checkout', '/pay/']))
		// The sign-in page and the cart show no one's data to a crawler (Lighthouse SEO 100).
		expect(disallowed).not.toContain('/cart')
		expect(disallowed).not.toContain('/auth')
		const sitemap = await (await app.request('/sitemap.xml')).text()
		for (const path of ['/', '/about', '/services', '/contact', '/privacy-policy']) {
			expect(sitemap).toContain(`<loc>${app.url}${path}</loc>`)
		}
	})
})

/** Every file in the app's demo-picture cache, relative to it (none before the first request). */
const cached = () =>
	fs.existsSync(app.env.IMAGE_CACHE_DIR)
		? (fs.readdirSync(app.env.IMAGE_CACHE_DIR, { recursive: true }) as string[]).filter((f) =>
				fs.statSync(path.join(app.env.IMAGE_CACHE_DIR, f)).isFile(),
			)
		: []

// Small pictures only (an avatar, a product): the scenes are drawn in the cache's own tests.
describe('the drawn demo pictures (decision 0028)', () => {
	it('draws a picture on its first request and serves it with the static files’ cache headers', async () => {
		const res = await app.request('/images/generated/site/avatar-3-80.webp')
		expect(res.status).toBe(200)
		expect(res.headers.get('content-type')).toBe('image/webp')
		expect(res.headers.get('cache-control')).toBe('public, max-age=604800')
		expect(res.headers.get('etag')).toBeTruthy()
		const image = await sharp(Buffer.from(await res.arrayBuffer())).metadata()
		expect(image).toMatchObject({ format: 'webp', width: 80, height: 80 })
		expect(cached().filter((f) => f.endsWith('avatar-3-80.webp'))).toHaveLength(1)
	})

	it('serves a demo product’s picture and its -thumb.jpg (the spec’s rule)', async () => {
		const [main, thumb] = await Promise.all([
			app.request('/images/products/oa-biosma-6000.jpg'),
			app.request('/images/products/oa-biosma-6000-thumb.jpg'),
		])
		expect([main.status, thumb.status]).toEqual([200, 200])
		expect(await sharp(Buffer.from(await main.arrayBuffer())).metadata()).toMatchObject({
			format: 'jpeg',
			width: 800,
			height: 800,
		})
		expect(await sharp(Buffer.from(await thumb.arrayBuffer())).metadata()).toMatchObject({
			format: 'jpeg',
			width: 300,
			height: 300,
		})
	})

	it('answers 404 for a size, format or picture that does not exist, and writes nothing', async () => {
		const before = cached()
		for (const url of [
			'/images/generated/site/avatar-3-96.webp',
			'/images/generated/site/avatar-3-80.gif',
			'/images/portfolio/pond1/01-1280.avif',
			'/images/portfolio/pond1/99-960.jpg',
			'/images/products/not-in-the-catalogue.jpg',
		]) {
			const res = await app.request(url)
			expect(res.status, url).toBe(404)
		}
		expect(
			(await app.request('/images/products/oa-biosma-6000.jpg', { method: 'POST' })).status,
		).toBe(405)
		expect(cached()).toEqual(before)
	})

	it('answers concurrent requests for one missing variant with the same bytes and one file', async () => {
		const url = '/images/generated/site/avatar-1-160.avif'
		const bodies = await Promise.all(
			Array.from({ length: 4 }, async () =>
				Buffer.from(await (await app.request(url)).arrayBuffer()),
			),
		)
		for (const body of bodies) expect(body.equals(bodies[0]!)).toBe(true)
		expect(cached().filter((f) => f.endsWith('avatar-1-160.avif'))).toHaveLength(1)
		expect(cached().filter((f) => f.endsWith('.tmp'))).toEqual([])
	})

	// Moved from scripts/start.test.ts: deleted pictures once made `npm start` prepare again.
	it('draws a deleted picture again on its next request', async () => {
		const url = '/images/generated/site/avatar-3-80.webp'
		const first = Buffer.from(await (await app.request(url)).arrayBuffer())
		fs.rmSync(app.env.IMAGE_CACHE_DIR, { recursive: true })
		const again = await app.request(url)
		expect(again.status).toBe(200)
		expect(Buffer.from(await again.arrayBuffer()).equals(first)).toBe(true)
	})
})
