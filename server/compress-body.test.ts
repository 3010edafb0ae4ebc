import zlib from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { acceptsGzip, compressBody } from './compress-body'

describe('acceptsGzip', () => {
	it('reads Accept-Encoding as browsers and proxies send it', () => {
		expect(acceptsGzip('gzip, deflate, br, zstd')).toBe(true)
		expect(acceptsGzip('br;q=1.0, GZIP;q=0.5')).toBe(true)
		expect(acceptsGzip('*')).toBe(true)
		expect(acceptsGzip('br')).toBe(false)
		expect(acceptsGzip('gzip;q=0, *')).toBe(false)
		expect(acceptsGzip('*;q=0')).toBe(false)
		expect(acceptsGzip('identity')).toBe(false)
		expect(acceptsGzip(undefined)).toBe(false)
	})
})

describe('compressBody', () => {
	const page = Buffer.from('<li class="product-card">Oase pump</li>'.repeat(500))

	it('prefers brotli, honours q-values, and leaves small bodies alone', async () => {
		const br = await compressBody(page, 'gzip, deflate, br')
		expect(br.encoding).toBe('br')
		expect(zlib.brotliDecompressSync(br.body).equals(page)).toBe(true)
		const gz = await compressBody(page, 'br;q=0.5, gzip')
		expect(gz.encoding).toBe('gzip')
		expect(zlib.gunzipSync(gz.body).equals(page)).toBe(true)
		expect((await compressBody(page, 'identity')).encoding).toBeUndefined()
		expect((await compressBody(Buffer.from('<p>hi</p>'), 'br')).encoding).toBeUndefined()
	})
})
