import zlib from 'node:zlib'
import fc from 'fast-check'
import sharp from 'sharp'
import type { FuzzRequest } from './send'
import { harnessFetch } from './shop'
import { bytesOf, clientIp, fieldValue, nastyString, type Roles } from './values'

/**
 * The catalogue upload generator: the real products CSV with mutated rows, cells, header and bytes,
 * in well-formed and broken multipart bodies.
 */

// ---------------------------------------------------------------------------- uploads

/** The catalogue upload: a real CSV with mutated rows, cells and bytes, in broken multipart too. */
export function uploadRequests(
	site: string,
	csv: string,
	roles: () => Roles,
): fc.Arbitrary<() => FuzzRequest> {
	const lines = csv.trimEnd().split('\n')
	const [header = '', ...rows] = lines
	return fc
		.record({
			rows: fc.integer({ min: 0, max: 40 }),
			cell: fc.array(fc.tuple(fc.nat(), fc.nat(12), fieldValue), { maxLength: 4 }),
			headerOp: fc.constantFrom('keep', 'keep', 'keep', 'drop', 'shuffle', 'nasty'),
			nastyHeader: nastyString,
			fileName: fc.oneof(
				{ weight: 6, arbitrary: fc.constant('catalogue.csv') },
				nastyString.map((s) => `${s}.csv`),
				nastyString,
			),
			multipartBreak: fc.constantFrom(
				'none',
				'none',
				'none',
				'no-end',
				'no-name',
				'two-files',
				'wrong-boundary',
				'not-multipart',
			),
			raw: fc.option(fc.uint8Array({ maxLength: 500 }), { freq: 8 }),
			ip: clientIp,
			asCustomer: fc.constantFrom(false, false, false, false, true),
		})
		.map((r) => () => {
			const body: string[] = rows.slice(0, r.rows)
			for (const [row, col, value] of r.cell) {
				if (!body.length) break
				const cells = body[row % body.length]!.split(',')
				cells[col % cells.length] = bytesOf(value).toString('latin1')
				body[row % body.length] = cells.join(',')
			}
			const head =
				r.headerOp === 'drop'
					? ''
					: r.headerOp === 'shuffle'
						? header.split(',').reverse().join(',')
						: r.headerOp === 'nasty'
							? r.nastyHeader
							: header
			const file = r.raw ? Buffer.from(r.raw) : Buffer.from([head, ...body].join('\n'), 'latin1')
			const boundary = 'fuzzUploadBoundary'
			const name = Buffer.from(r.fileName.replace(/["\r\n]/g, '_'))
			const part = (field: string) =>
				Buffer.concat([
					Buffer.from(
						`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="`,
					),
					name,
					Buffer.from('"\r\nContent-Type: text/csv\r\n\r\n'),
					file,
					Buffer.from('\r\n'),
				])
			let payload = Buffer.concat([part('file'), Buffer.from(`--${boundary}--\r\n`)])
			if (r.multipartBreak === 'no-end') payload = part('file')
			if (r.multipartBreak === 'no-name')
				payload = Buffer.from(
					`--${boundary}\r\nContent-Disposition: form-data\r\n\r\nx\r\n--${boundary}--\r\n`,
				)
			if (r.multipartBreak === 'two-files')
				payload = Buffer.concat([part('file'), part('file'), Buffer.from(`--${boundary}--\r\n`)])
			const contentType =
				r.multipartBreak === 'wrong-boundary'
					? 'multipart/form-data; boundary=other'
					: r.multipartBreak === 'not-multipart'
						? 'text/csv'
						: `multipart/form-data; boundary=${boundary}`
			return {
				kind: 'http',
				label: 'upload /admin/catalogue',
				method: 'POST',
				path: '/admin/catalogue',
				headers: {
					'x-forwarded-for': r.ip,
					origin: site,
					cookie: r.asCustomer ? roles().customer : roles().admin,
					'content-type': contentType,
				},
				body: payload,
			} satisfies FuzzRequest
		})
}

// ---------------------------------------------------------------------------- photos

export const tinyJpeg = () =>
	sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a7ca5' } })
		.jpeg()
		.withExif({ IFD3: { GPSLatitudeRef: 'N' } })
		.toBuffer()

/** Uploads one photo as the admin; its main file name (<hash>.jpg), or 'none'. */
export async function uploadFuzzPhoto(site: URL, admin: string, ip: string) {
	const body = new FormData()
	body.append('file', new Blob([new Uint8Array(await tinyJpeg())]), 'pond.jpg')
	const res = await harnessFetch(new URL('/admin/photos', site), {
		method: 'POST',
		headers: {
			cookie: admin,
			origin: site.origin,
			accept: 'application/json',
			'x-forwarded-for': ip,
		},
		body,
	})
	return /"url":"\/photos\/([0-9a-f]{32}\.jpg)"/.exec(await res.text())?.[1] ?? 'none'
}

/**
 * The photo upload (issue 32): real, truncated, mislabelled and hostile files (SVG with a
 * script, a PDF named .jpg, a PNG whose header claims 100 megapixels), nasty names and fields,
 * for the script's JSON answer and the plain form's redirect, as admin and as a customer.
 */
export function photoUploadRequests(
	site: string,
	roles: () => Roles,
	productId: string,
	/** A real photo (tinyJpeg()), made once. */
	jpeg: Buffer,
): fc.Arbitrary<() => FuzzRequest> {
	return fc
		.record({
			file: fc.constantFrom('jpeg', 'truncated', 'svg', 'pdf', 'bomb', 'raw', 'empty'),
			raw: fc.uint8Array({ maxLength: 400 }),
			fileName: fc.oneof(fc.constant('photo.jpg'), nastyString),
			alt: fc.option(fieldValue, { freq: 2 }),
			productId: fc.option(fc.oneof(fc.constant(productId), nastyString), { freq: 2 }),
			fingerprint: fc.option(fc.oneof(fc.constant('f'.repeat(64)), nastyString), { freq: 2 }),
			files: fc.integer({ min: 0, max: 3 }),
			json: fc.boolean(),
			ip: clientIp,
			asCustomer: fc.constantFrom(false, false, false, true),
		})
		.map((r) => () => {
			const bytes = {
				jpeg,
				truncated: jpeg.subarray(0, jpeg.length >> 1),
				svg: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
				pdf: Buffer.from('%PDF-1.4\n%%EOF\n'),
				bomb: pngHeader(10_000, 10_000),
				raw: Buffer.from(r.raw),
				empty: Buffer.alloc(0),
			}[r.file]
			const boundary = 'fuzzPhotoBoundary'
			const field = (name: string, value: string | Buffer) =>
				Buffer.concat([
					Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`),
					bytesOf(value),
					Buffer.from('\r\n'),
				])
			const name = Buffer.from(r.fileName.replace(/["\r\n]/g, '_'))
			const parts = Array.from({ length: r.files }, () =>
				Buffer.concat([
					Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="`),
					name,
					Buffer.from('"\r\nContent-Type: image/jpeg\r\n\r\n'),
					bytes,
					Buffer.from('\r\n'),
				]),
			)
			if (r.alt !== null) parts.push(field('alt', r.alt))
			if (r.productId !== null) parts.push(field('productId', r.productId))
			if (r.fingerprint !== null) parts.push(field('fingerprint', r.fingerprint))
			return {
				kind: 'http',
				label: 'upload /admin/photos',
				method: 'POST',
				path: '/admin/photos',
				headers: {
					'x-forwarded-for': r.ip,
					origin: site,
					cookie: r.asCustomer ? roles().customer : roles().admin,
					'content-type': `multipart/form-data; boundary=${boundary}`,
					...(r.json ? { accept: 'application/json' } : {}),
				},
				body: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
			} satisfies FuzzRequest
		})
}

/** A PNG signature and header claiming `width` × `height`, with no image data after it. */
function pngHeader(width: number, height: number) {
	const ihdr = Buffer.alloc(13)
	ihdr.writeUInt32BE(width, 0)
	ihdr.writeUInt32BE(height, 4)
	ihdr.set([8, 2, 0, 0, 0], 8)
	const typed = Buffer.concat([Buffer.from('IHDR'), ihdr])
	const length = Buffer.alloc(4)
	length.writeUInt32BE(13)
	const crc = Buffer.alloc(4)
	crc.writeUInt32BE(zlib.crc32(typed))
	return Buffer.concat([
		Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
		length,
		typed,
		crc,
	])
}
