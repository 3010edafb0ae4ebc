import zlib from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { bodyWithNonce, gzipWithNonce, PageCache } from './page-cache'

const page = (text: string) => ({ status: 200, headers: [], body: Buffer.from(text), nonce: 'n' })

describe('PageCache', () => {
	it('returns a page until its TTL passes', () => {
		const cache = new PageCache(1000)
		cache.set('/a', page('A'), 0)
		expect(bodyWithNonce(cache.get('/a', 999)!, 'm').toString()).toBe('A')
		expect(cache.get('/a', 1000)).toBeUndefined()
		expect(cache.size).toBe(0)
	})

	it('evicts the least recently used pages beyond its byte budget', () => {
		const entrySize = (() => {
			const probe = new PageCache(60_000)
			probe.set('/p', page('x'.repeat(10)))
			return probe.bytes
		})()
		const cache = new PageCache(60_000, entrySize * 8)
		cache.set('/a', page('a'.repeat(10)), 0)
		cache.set('/b', page('b'.repeat(10)), 0)
		cache.get('/a', 1)
		for (let i = 0; i < 7; i++) cache.set(`/x${i}`, page('x'.repeat(10)), 2)
		expect(cache.get('/a', 3)).toBeDefined()
		expect(cache.get('/b', 3)).toBeUndefined()
	})

	it('is off with a zero TTL and can be cleared', () => {
		const off = new PageCache(0)
		off.set('/a', page('A'))
		expect(off.get('/a')).toBeUndefined()
		const on = new PageCache(1000)
		on.set('/a', page('A'))
		on.clear()
		expect(on.get('/a')).toBeUndefined()
	})

	it('puts the new nonce wherever the render-time nonce was', () => {
		const cache = new PageCache(1000)
		const html = '<script nonce="OLD+/=">a</script><p>OLD+/=</p><script nonce="OLD+/="></script>'
		cache.set('/n', { status: 200, headers: [], body: Buffer.from(html), nonce: 'OLD+/=' }, 0)
		expect(bodyWithNonce(cache.get('/n', 1)!, 'NEW').toString()).toBe(
			'<script nonce="NEW">a</script><p>NEW</p><script nonce="NEW"></script>',
		)
	})
	it('counts the TTL from the data behind a page, and never stores a page rendered across a clear', () => {
		const cache = new PageCache(1000)
		// Rendered at 5000 from a read model last checked at 4000: stale data goes by 5000, not 6000.
		cache.set('/a', page('A'), 4000)
		expect(cache.get('/a', 4999)).toBeDefined()
		expect(cache.get('/a', 5000)).toBeUndefined()
		const generation = cache.generation
		cache.clear() // an import finished while /b was rendering from the old catalogue
		cache.set('/b', page('old'), 10_000, generation)
		expect(cache.get('/b', 10_001)).toBeUndefined()
		cache.set('/b', page('new'), 10_000, cache.generation)
		expect(bodyWithNonce(cache.get('/b', 10_001)!, 'n').toString()).toBe('new')
	})
})

describe('PageCache.lookup: one render of a page at a time', () => {
	const turn = (found: ReturnType<PageCache['lookup']>) => {
		if (!('render' in found))
			throw new Error(`expected a turn to render, got ${Object.keys(found)}`)
		return found.render
	}
	const waiting = (found: ReturnType<PageCache['lookup']>) => {
		if (!('wait' in found)) throw new Error(`expected to wait, got ${Object.keys(found)}`)
		return found.wait
	}

	it('gives the first request for a missing page the render and has the others wait for it', async () => {
		const cache = new PageCache(60_000)
		const first = turn(cache.lookup('/a', 0))
		const second = waiting(cache.lookup('/a', 1))
		const third = waiting(cache.lookup('/a', 2))
		expect(second).toBe(third)
		cache.set('/a', page('A'), 0)
		first.done()
		expect(await second).toBe(true)
		const again = cache.lookup('/a', 3)
		expect('page' in again && bodyWithNonce(again.page, 'n').toString()).toBe('A')
	})

	it('tells the waiting requests to render too when the render stored nothing (not a page to keep)', async () => {
		const cache = new PageCache(60_000)
		const first = turn(cache.lookup('/404', 0))
		const waiter = waiting(cache.lookup('/404', 1))
		first.done()
		expect(await waiter).toBe(false)
		turn(cache.lookup('/404', 2))
	})

	it("renders again in an entry's last 5 s, once, while every other request replays the entry", () => {
		const cache = new PageCache(60_000)
		cache.set('/a', page('old'), 0)
		expect('page' in cache.lookup('/a', 54_999)).toBe(true)
		const refresh = turn(cache.lookup('/a', 55_000))
		expect('page' in cache.lookup('/a', 55_001)).toBe(true)
		expect('page' in cache.lookup('/a', 59_999)).toBe(true)
		cache.set('/a', page('new'), 55_000)
		refresh.done()
		const replay = cache.lookup('/a', 60_000)
		expect('page' in replay && bodyWithNonce(replay.page, 'n').toString()).toBe('new')
	})

	it('starts a new render after a clear instead of waiting for one that began before it', () => {
		const cache = new PageCache(60_000)
		const before = turn(cache.lookup('/a', 0))
		cache.clear()
		const after = turn(cache.lookup('/a', 1))
		before.done() // finishing late must not end the newer render's turn
		waiting(cache.lookup('/a', 2))
		after.done()
		turn(cache.lookup('/a', 3))
	})
})

describe('gzipWithNonce', () => {
	it('splices a gzip stream that gunzips to the page with the new nonce, without recompressing', () => {
		const cache = new PageCache(1000)
		// Large, repetitive parts (so deflate back-references are in play) and a nonce at the ends.
		const html = `OLD<html>${'<li class="card">Koi pump</li>'.repeat(3000)}<script nonce="OLD"></script>${'é£'.repeat(500)}OLD`
		cache.set('/g', { status: 200, headers: [], body: Buffer.from(html), nonce: 'OLD' }, 0)
		const entry = cache.get('/g', 1)!
		// Replays use nonces as long as the render-time one; the parts refer back across them.
		for (const nonce of ['NEW', 'x/+']) {
			const gz = gzipWithNonce(entry, nonce)!
			expect(zlib.gunzipSync(gz).toString()).toBe(html.replaceAll('OLD', nonce))
			expect(gz.length).toBeLessThan(html.length / 10)
		}
		expect(gzipWithNonce(entry, 'LONGER')).toBeUndefined()
	})

	it('compresses a page with many nonces within a quarter of gzip on the whole page', () => {
		const nonce = 'Tvcjrg34bBonEtlckNQs8g=='
		const html =
			Array.from(
				{ length: 32 },
				(_, i) => `<link rel="modulepreload" href="/assets/chunk-${i}.js" nonce="${nonce}"/>`,
			).join('') +
			Array.from({ length: 1500 }, (_, i) => `<li class="card">Pond pump ${i * 7}</li>`).join('')
		const cache = new PageCache(1000)
		cache.set('/m', { status: 200, headers: [], body: Buffer.from(html), nonce }, 0)
		const fresh = 'AAAAbbbbCCCCddddEEEEff=='
		const gz = gzipWithNonce(cache.get('/m', 1)!, fresh)!
		expect(zlib.gunzipSync(gz).toString()).toBe(html.replaceAll(nonce, fresh))
		expect(gz.length).toBeLessThan(zlib.gzipSync(html, { level: 6 }).length * 1.25)
	})

	it('is not spliced when the page holds a NUL byte', () => {
		const cache = new PageCache(1000)
		cache.set(
			'/z',
			{ status: 200, headers: [], body: Buffer.from('a\u0000bOLDc'), nonce: 'OLD' },
			0,
		)
		expect(gzipWithNonce(cache.get('/z', 1)!, 'NEW')).toBeUndefined()
	})
})
