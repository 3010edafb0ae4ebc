import fc from 'fast-check'
import type { FuzzRequest } from './send'
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
