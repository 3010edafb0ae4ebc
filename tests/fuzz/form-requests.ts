import fc from 'fast-check'
import type { FuzzRequest } from './send'
import {
	bytesOf,
	clientIp,
	credentials,
	type Field,
	fieldValue,
	nastyString,
	originHeader,
	pct,
	type Roles,
	roleHeaders,
} from './values'

/**
 * The form generator: every POST form found on the pages, sent with mutated fields, other
 * encodings and content types, and broken bodies (the breaks are shared with the JSON generator).
 */

// ---------------------------------------------------------------------------- forms

export type FoundForm = {
	/** Where it was found and as whom. */
	page: string
	role: 'anonymous' | 'customer' | 'admin'
	action: string
	multipart: boolean
	fields: Field[]
}

const MUTATIONS = [
	'replace',
	'replace',
	'replace',
	'delete',
	'duplicate',
	'empty',
	'rename',
] as const

/** A form's fields after one to three mutations, plus extra fields now and then. */
export function mutatedFields(fields: Field[]): fc.Arbitrary<Field[]> {
	return fc
		.record({
			ops: fc.array(fc.tuple(fc.nat(), fc.constantFrom(...MUTATIONS), fieldValue), {
				minLength: fields.length ? 1 : 0,
				maxLength: 3,
			}),
			extra: fc.array(fc.tuple(nastyString, fieldValue), { maxLength: 2 }),
			many: fc.option(fc.integer({ min: 100, max: 3000 }), { freq: 30 }),
		})
		.map(({ ops, extra, many }) => {
			let out: Field[] = fields.map(([n, v]) => [n, v])
			for (const [at, op, value] of ops) {
				if (!out.length) break
				const i = at % out.length
				const [name] = out[i]!
				if (op === 'replace') out[i] = [name, value]
				else if (op === 'delete') out.splice(i, 1)
				else if (op === 'duplicate') out.push([name, value])
				else if (op === 'empty') out[i] = [name, '']
				else out[i] = [typeof value === 'string' ? value : name, out[i]![1]]
			}
			out = [...out, ...extra.map(([n, v]): Field => [n, v])]
			// Thousands of fields: a parser's worst case within the 64 KB form limit.
			if (many) for (let i = 0; i < many; i++) out.push([`f${i}`, 'x'])
			return out
		})
}

function urlencoded(fields: Field[]) {
	return Buffer.from(fields.map(([n, v]) => `${pct(n)}=${pct(v)}`).join('&'))
}

function multipart(fields: Field[], boundary: string, file?: Buffer) {
	const parts: Buffer[] = []
	for (const [name, value] of fields) {
		const isFile = name === 'file' && file
		parts.push(
			Buffer.from(
				`--${boundary}\r\nContent-Disposition: form-data; name="${name.replace(/["\r\n]/g, '_')}"${
					isFile ? '; filename="catalogue.csv"\r\nContent-Type: text/csv' : ''
				}\r\n\r\n`,
			),
			isFile ? file : bytesOf(value),
			Buffer.from('\r\n'),
		)
	}
	parts.push(Buffer.from(`--${boundary}--\r\n`))
	return Buffer.concat(parts)
}

/** Broken bodies: each says how it is broken. */
export const BODY_BREAKS = ['none', 'truncate', 'invalid-utf8', 'bom', 'empty', 'garbage'] as const

export function breakBody(body: Buffer, how: (typeof BODY_BREAKS)[number], garbage: Buffer) {
	if (how === 'truncate') return body.subarray(0, Math.floor(body.length / 2))
	if (how === 'invalid-utf8') return Buffer.concat([body, Buffer.from([0xff, 0xfe, 0xc0])])
	if (how === 'bom') return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), body])
	if (how === 'empty') return Buffer.alloc(0)
	if (how === 'garbage') return garbage
	return body
}

/** Every form found on the pages, posted with mutated fields, encodings and content types. */
export function formRequests(
	site: string,
	forms: FoundForm[],
	roles: () => Roles,
): fc.Arbitrary<() => FuzzRequest> {
	if (!forms.length) throw new Error('no forms found to fuzz: the crawl found no POST form')
	return fc
		.record({
			form: fc.constantFrom(...forms),
			sameRole: fc.boolean(),
			who: credentials(roles),
			ip: clientIp,
			origin: originHeader(site),
			encoding: fc.constantFrom('as-found', 'as-found', 'as-found', 'urlencoded', 'multipart'),
			contentType: fc.constantFrom(
				'right',
				'right',
				'right',
				'right',
				'right',
				'none',
				'text/plain',
				'application/json',
				'multipart/form-data',
				'multipart/form-data; boundary=',
				'application/x-www-form-urlencoded; charset=latin1',
			),
			breaks: fc.constantFrom(...BODY_BREAKS, 'none', 'none', 'none', 'none', 'none'),
			garbage: fc.uint8Array({ maxLength: 200 }).map((a) => Buffer.from(a)),
			suffix: fc.constantFrom('', '', '', '', '.data', '?index'),
		})
		.chain((r) =>
			mutatedFields(r.form.fields).map((fields) => () => {
				const multi = r.encoding === 'multipart' || (r.encoding === 'as-found' && r.form.multipart)
				const boundary = `----fuzz${fields.length}boundary`
				let body: Buffer = multi ? multipart(fields, boundary) : urlencoded(fields)
				body = breakBody(body, r.breaks, r.garbage)
				const right = multi
					? `multipart/form-data; boundary=${boundary}`
					: 'application/x-www-form-urlencoded'
				const headers: Record<string, string> = { 'x-forwarded-for': r.ip }
				const role = r.sameRole ? r.form.role : undefined
				Object.assign(headers, roleHeaders(role, roles, r.who))
				if (r.origin) headers.origin = r.origin
				if (r.contentType === 'right') headers['content-type'] = right
				else if (r.contentType !== 'none') headers['content-type'] = r.contentType
				const path = r.suffix.startsWith('?')
					? `${r.form.action}${r.form.action.includes('?') ? '&index' : '?index'}`
					: `${r.form.action}${r.suffix}`
				return {
					kind: 'http',
					label: `form ${r.form.action} (${r.form.role} on ${r.form.page})`,
					method: 'POST',
					path,
					headers,
					body,
				} satisfies FuzzRequest
			}),
		)
}
