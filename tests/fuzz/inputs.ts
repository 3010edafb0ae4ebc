import fc from 'fast-check'
import type { FuzzRequest } from './send'

/**
 * The generators. Each builds a fast-check arbitrary of requests from a valid starting point
 * (a route, a form found on a page, an API payload) and a few mutations, so most inputs get past
 * the first check and reach deeper code.
 */

// ---------------------------------------------------------------------------- strings and values

/** Texts that broke, or could break, something somewhere: each is tried in every field. */
const NASTY = [
	'',
	' ',
	'\u0000',
	'a\u0000b',
	'\u0007\u001b[31mred',
	'\r\nSet-Cookie: x=1',
	'line\nbreak',
	'\u007f\u0085\u009f',
	'\ud800',
	'\udc00',
	'x\udfffy',
	'\ud83d\ude00',
	'\u202eevil\u202c',
	'\u200b\u200c\u200d\u2060\ufeff',
	'\u0301\u0301\u0301',
	'🐟🏴󠁧󠁢󠁳󠁣󠁴󠁿',
	'<script>alert(1)</script>',
	'"><img src=x onerror=alert(1)>',
	'javascript:alert(1)',
	"' OR '1'='1' --",
	"'; DROP TABLE orders; --",
	'%',
	'%00',
	'%zz',
	'%%32%65',
	'\\',
	'../../../../etc/passwd',
	'..%2f..%2f',
	'=HYPERLINK("http://evil.example","x")',
	'+SUM(1,1)',
	'-1+1',
	'@cmd',
	'0',
	'-1',
	'-0',
	'1.005',
	'1e309',
	'NaN',
	'Infinity',
	'99999999999999999999999',
	'9007199254740993',
	'2147483648',
	'0x10',
	'£1,299.00',
	'£-5',
	'true',
	'null',
	'undefined',
	'[]',
	'{}',
	'{"__proto__":{"admin":true}}',
	'__proto__',
	'constructor',
	'a@b',
	'Boss<victim@example.com>',
	'a,b@example.com',
	'x@y?body=hi',
	'IV2 3XY',
	'2026-02-30',
	'9999-99-99',
	'0000-00-00',
	'http://evil.example/',
	'//evil.example',
	'/\t/evil.example',
	// biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, on purpose
	'${7*7}{{7*7}}',
	'Ư̴̡̖͔̳̮͈̠̺̼̜̪̭̮̈ñ',
	'ＡＢＣ',
	'\u0130\u0131ß',
]

const overlong = fc
	.constantFrom(101, 256, 1_001, 5_001, 40_000, 70_000)
	.chain((n) => fc.constantFrom('x'.repeat(n), '🐟'.repeat(n / 2), 'é'.repeat(n)))

/** A string that may be anything a client can type or a script can send. */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
	{ weight: 6, arbitrary: fc.constantFrom(...NASTY) },
	{ weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
	{ weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
	{ weight: 2, arbitrary: fc.string({ maxLength: 20 }) },
	{ weight: 1, arbitrary: overlong },
	{
		weight: 2,
		arbitrary: fc
			.tuple(fc.constantFrom(...NASTY), fc.string({ maxLength: 8 }))
			.map(([a, b]) => `${b}${a}${b}`),
	},
)

/** Bytes that are not UTF-8 (lone continuation bytes, overlongs, CESU surrogates, Latin-1). */
export const invalidUtf8: fc.Arbitrary<Buffer> = fc
	.constantFrom('ff', 'c0af', 'eda080', 'edb080', '80', 'f4908080', 'e9', 'fe', 'c3')
	.map((hex) => Buffer.concat([Buffer.from('ab'), Buffer.from(hex, 'hex'), Buffer.from('cd')]))

export type Field = [name: string, value: string | Buffer]

/** A value for a form field: text, or bytes that are not UTF-8. */
const fieldValue: fc.Arbitrary<string | Buffer> = fc.oneof(
	{ weight: 9, arbitrary: nastyString },
	{ weight: 1, arbitrary: invalidUtf8 },
)

const bytesOf = (value: string | Buffer): Buffer =>
	typeof value === 'string' ? Buffer.from(value) : value

/** Percent-encodes every byte that is not unreserved: exact bytes, whatever they are. */
export function pct(value: string | Buffer) {
	let out = ''
	for (const byte of bytesOf(value)) {
		const c = String.fromCharCode(byte)
		out += /[A-Za-z0-9\-._~]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`
	}
	return out
}

// ---------------------------------------------------------------------------- who is asking

export type Roles = { customer: string; admin: string }

/** Cookie and Authorization headers for a role, or nonsense credentials. */
export function credentials(roles: () => Roles) {
	return fc.oneof(
		{ weight: 4, arbitrary: fc.constant(() => ({})) },
		{ weight: 4, arbitrary: fc.constant(() => ({ cookie: roles().customer })) },
		{ weight: 5, arbitrary: fc.constant(() => ({ cookie: roles().admin })) },
		{
			weight: 1,
			arbitrary: fc
				.constantFrom(
					'koi_session_hint=admin',
					'better-auth.session_token=forged.signature',
					'better-auth.session_token=%00',
					'a=b; a=c; ;;=;',
					`x=${'y'.repeat(5000)}`,
				)
				.map((cookie) => () => ({ cookie })),
		},
		{
			weight: 1,
			arbitrary: fc
				.constantFrom('Bearer ', 'Bearer x.y', 'Basic YWRtaW46YWRtaW4=', 'Bearer \u00ff')
				.map((authorization) => () => ({ authorization })),
		},
	)
}

/** Fuzzed requests come from many addresses (the shop runs with TRUST_PROXY=1). */
const clientIp = fc
	.tuple(fc.nat(255), fc.nat(255), fc.nat(255))
	.map(([a, b, c]) => `10.${a}.${b}.${c}`)

/** Mostly same-origin writes (to get past the origin check), sometimes not. */
function originHeader(site: string) {
	return fc.oneof(
		{ weight: 12, arbitrary: fc.constant<string | undefined>(site) },
		{ weight: 1, arbitrary: fc.constant<string | undefined>(undefined) },
		{
			weight: 1,
			arbitrary: fc.constantFrom('null', 'http://evil.example', 'http://[', `${site}.`),
		},
	)
}

// ---------------------------------------------------------------------------- GET

export type KnownIds = {
	orderId: string
	token: string
	paymentLinkId: string
	enquiryId: string
	projectId: string
	category: string
	productId: string
}

const QUERY_KEYS = [
	'redirectTo',
	'mode',
	'token',
	'order',
	'upload',
	'status',
	'q',
	'page',
	'min',
	'max',
	'from',
	'to',
	'name',
	'orderId',
	'category',
	'sort',
	'size',
	'option',
	'paid',
	'cancelled',
	'index',
	'_routes',
	'_data',
	'session_id',
	'error',
]

/** A route's path with its params filled in: mostly real ids, sometimes anything. */
function pathFor(pattern: string, ids: KnownIds) {
	const params = pattern.split('/').map((part) => {
		if (part === '*') return fc.oneof(fc.constant('x'), nastyString.map(pct), fc.constant('a/b/c'))
		if (!part.startsWith(':')) return fc.constant(part)
		const real: Record<string, string> = {
			':orderId': ids.orderId,
			':token': ids.token,
			':enquiryId': ids.enquiryId,
			':projectId': ids.projectId,
			':category': ids.category,
			':productId': ids.productId,
		}
		return fc.oneof(
			{ weight: 3, arbitrary: fc.constant(real[part] ?? 'x') },
			{ weight: 4, arbitrary: nastyString.map(pct) },
			{ weight: 1, arbitrary: fc.constantFrom('.', '..', '%2e', '%2F', '%', '%c0%af', '~') },
			{ weight: 1, arbitrary: fieldValue.map((v) => pct(v).replace(/%2F/g, '/')) },
		)
	})
	return fc.tuple(...params).map((parts) => `/${parts.join('/')}`)
}

const queryString = fc
	.array(
		fc.tuple(
			fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...QUERY_KEYS) }, nastyString),
			fieldValue,
			fc.boolean(),
		),
		{ maxLength: 4 },
	)
	.chain((pairs) =>
		fc.constantFrom('', '%', '%zz', '&&', '=', '#frag', '?', '&a[]=1&a[]=2', '&a[b][c]=1').map(
			(tail) =>
				pairs
					.map(([key, value, raw]) =>
						raw
							? `${pct(key)}=${bytesOf(value)
									.toString('latin1')
									.replace(/[^\x21-\xff]/g, (c) => pct(c))}`
							: `${pct(key)}=${pct(value)}`,
					)
					.join('&') + tail,
		),
	)

/** GET/HEAD of every route in app/routes.ts with bad params, suffixes and query strings. */
export function getRequests(
	patterns: string[],
	ids: KnownIds,
	roles: () => Roles,
): fc.Arbitrary<() => FuzzRequest> {
	return fc
		.record({
			pattern: fc.constantFrom(...patterns),
			method: fc.constantFrom('GET', 'GET', 'GET', 'GET', 'HEAD'),
			suffix: fc.constantFrom('', '', '', '.data', '/', '.data?_routes=root', '.json', '.css'),
			query: fc.option(queryString, { freq: 2 }),
			who: credentials(roles),
			ip: clientIp,
			accept: fc.constantFrom(undefined, 'text/html', 'application/json', '*/*', '\u00ff'),
			encoding: fc.constantFrom(undefined, 'gzip', 'br', 'identity;q=0, *;q=0', 'x'),
		})
		.chain((r) =>
			pathFor(r.pattern, ids).map((path) => () => {
				const target = `${path === '/' && r.suffix === '.data' ? '/_root' : path}${r.suffix}`
				const joined = r.query ? `${target}${target.includes('?') ? '&' : '?'}${r.query}` : target
				const headers: Record<string, string> = {
					'x-forwarded-for': r.ip,
					...r.who(),
				}
				if (r.accept) headers.accept = r.accept
				if (r.encoding) headers['accept-encoding'] = r.encoding
				return {
					kind: 'http',
					label: `${r.method} /${r.pattern}`,
					method: r.method,
					path: joined,
					headers,
				} satisfies FuzzRequest
			}),
		)
}

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
const BODY_BREAKS = ['none', 'truncate', 'invalid-utf8', 'bom', 'empty', 'garbage'] as const

function breakBody(body: Buffer, how: (typeof BODY_BREAKS)[number], garbage: Buffer) {
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
				Object.assign(
					headers,
					role === 'customer'
						? { cookie: roles().customer }
						: role === 'admin'
							? { cookie: roles().admin }
							: role === 'anonymous'
								? {}
								: r.who(),
				)
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

// ---------------------------------------------------------------------------- JSON

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

const jsonScalar: fc.Arbitrary<Json> = fc.oneof(
	{ weight: 5, arbitrary: nastyString },
	{
		weight: 3,
		arbitrary: fc.constantFrom<Json>(
			0,
			-1,
			1.5,
			-0.001,
			1e308,
			-1e308,
			2 ** 53 + 2,
			2 ** 31,
			12.345,
			true,
			false,
			null,
			[],
			{},
		),
	},
	{ weight: 1, arbitrary: fc.double() },
	{ weight: 1, arbitrary: fc.integer() },
)

/** Wrong types, huge arrays, deep nesting, objects where strings belong. */
const jsonValue: fc.Arbitrary<Json> = fc.oneof(
	{ weight: 8, arbitrary: jsonScalar },
	{ weight: 1, arbitrary: fc.array(jsonScalar, { maxLength: 5 }) },
	{
		weight: 1,
		arbitrary: fc.constantFrom(10_000, 100_000).map((n) => Array.from({ length: n }, () => 1)),
	},
	{
		weight: 1,
		// Spliced in after JSON.stringify (which would overflow the stack on it): see deepNesting.
		arbitrary: fc.constantFrom(50, 500, 5_000).map((depth) => `${DEEP}${depth}`),
	},
	{ weight: 1, arbitrary: fc.dictionary(nastyString, jsonScalar, { maxKeys: 3 }) },
)

const DEEP = 'fuzz-deep-nesting-'
/** `"fuzz-deep-nesting-500"` → 500 nested arrays, in the JSON text. */
const deepNesting = (text: string) =>
	text.replace(new RegExp(`"${DEEP}(\\d+)"`, 'g'), (_, depth: string) => {
		const n = Number(depth)
		return `${'['.repeat(n)}${']'.repeat(n)}`
	})

/** Every path to a value in a JSON document (['data', 'cartItems', 0, 'id'] …). */
function pathsOf(value: Json, prefix: Array<string | number> = []): Array<Array<string | number>> {
	// Deep or huge values (themselves mutations) are mutated as a whole, not walked.
	if (value === null || typeof value !== 'object' || prefix.length > 8) return [prefix]
	const entries = Array.isArray(value)
		? value.slice(0, 3).map((v, i) => [i, v] as const)
		: Object.entries(value).map(([k, v]) => [k, v] as const)
	return [prefix, ...entries.flatMap(([k, v]) => pathsOf(v, [...prefix, k]))]
}

function mutateJson(doc: Json, path: Array<string | number>, op: string, value: Json): Json {
	const copy = structuredClone(doc)
	if (!path.length) return op === 'replace' ? value : copy
	let node = copy as Record<string | number, Json>
	for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, Json>
	const last = path[path.length - 1]!
	if (op === 'delete') {
		if (Array.isArray(node)) node.splice(Number(last), 1)
		else delete node[last]
	} else if (op === 'extra' && !Array.isArray(node)) node[`${String(last)}_extra`] = value
	else if (op === 'repeat' && Array.isArray(node)) {
		for (let i = 0; i < 200; i++) node.push(structuredClone(node[Number(last)]!))
	} else node[last] = value
	return copy
}

export type JsonTarget = {
	path: string
	body: Json
	role: 'anonymous' | 'customer' | 'admin'
	/** Extra headers the endpoint expects (none for our own APIs). */
	headers?: Record<string, string>
}

/** JSON endpoints with a valid body, one to three mutations, and broken encodings. */
export function jsonRequests(
	site: string,
	targets: JsonTarget[],
	roles: () => Roles,
): fc.Arbitrary<() => FuzzRequest> {
	return fc
		.record({
			target: fc.constantFrom(...targets),
			ops: fc.array(
				fc.tuple(
					fc.nat(),
					fc.constantFrom('replace', 'replace', 'delete', 'extra', 'repeat'),
					jsonValue,
				),
				{ minLength: 1, maxLength: 3 },
			),
			sameRole: fc.constantFrom(true, true, true, false),
			who: credentials(roles),
			ip: clientIp,
			origin: originHeader(site),
			contentType: fc.constantFrom(
				'application/json',
				'application/json',
				'application/json',
				'application/json; charset=utf-8',
				'Application/JSON',
				'text/plain',
				'application/x-www-form-urlencoded',
				'multipart/form-data; boundary=x',
				'none',
			),
			breaks: fc.constantFrom(...BODY_BREAKS, 'none', 'none', 'none', 'none', 'none', 'dup-keys'),
			garbage: fc.uint8Array({ maxLength: 200 }).map((a) => Buffer.from(a)),
		})
		.map((r) => () => {
			let doc = r.target.body
			for (const [at, op, value] of r.ops) {
				const paths = pathsOf(doc)
				doc = mutateJson(doc, paths[at % paths.length]!, op, value)
			}
			let text = deepNesting(JSON.stringify(doc) ?? 'null')
			if (r.breaks === 'dup-keys') text = text.replace(/^\{/, '{"data":null,"__proto__":{"x":1},')
			const body = breakBody(
				Buffer.from(text),
				r.breaks === 'dup-keys' ? 'none' : r.breaks,
				r.garbage,
			)
			const headers: Record<string, string> = { 'x-forwarded-for': r.ip, ...r.target.headers }
			const role = r.sameRole ? r.target.role : undefined
			Object.assign(
				headers,
				role === 'customer'
					? { cookie: roles().customer }
					: role === 'admin'
						? { cookie: roles().admin }
						: role === 'anonymous'
							? {}
							: r.who(),
			)
			if (r.origin) headers.origin = r.origin
			if (r.contentType !== 'none') headers['content-type'] = r.contentType
			return {
				kind: 'http',
				label: `JSON ${r.target.path} (${r.target.role})`,
				method: 'POST',
				path: r.target.path,
				headers,
				body,
			} satisfies FuzzRequest
		})
}

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

// ---------------------------------------------------------------------------- raw sockets

const METHODS = [
	'GET',
	'HEAD',
	'POST',
	'TRACE',
	'TRACK',
	'PROPFIND',
	'PROPPATCH',
	'MKCOL',
	'COPY',
	'MOVE',
	'LOCK',
	'UNLOCK',
	'PURGE',
	'SEARCH',
	'QUERY',
	'M-SEARCH',
	'CONNECT',
	'OPTIONS',
	'PUT',
	'DELETE',
	'PATCH',
	'get',
	'FOO',
	'G\u00c9T',
	'',
]
const HOSTS = [
	'HOST',
	'',
	'[',
	'[::1',
	'a b',
	'evil.example',
	'localhost:99999',
	'x'.repeat(2000),
	'%00',
	'h\u00e9st',
	'127.0.0.1:0',
	'user@evil.example',
	'HOST, evil.example',
]
const TARGETS = [
	'/',
	'/about',
	'/auth',
	'/admin',
	'/api/placeOrder',
	'/webhooks/stripe',
	'/pay/x',
	'*',
	'//evil.example/auth',
	'http://evil.example/admin',
	'/%2e%2e/admin',
	'/about?%00',
	'/\u00ff',
	'/a b',
	'/cart/check',
	'/_root.data',
	'/healthz',
	'/assets/../../package.json',
	'/images/../../package.json',
	'/images/%2e%2e/%2e%2e/package.json',
	`/${'a'.repeat(9000)}`,
]
const VERSIONS = [
	'HTTP/1.1',
	'HTTP/1.1',
	'HTTP/1.1',
	'HTTP/1.0',
	'HTTP/2.0',
	'HTTP/0.9',
	'HTTP/1.2',
	'http/1.1',
	'',
]

/** Framings a proxy and the server could read differently (request smuggling) and other oddities. */
const SHAPES = [
	'plain',
	'cl-te',
	'te-cl',
	'two-cl',
	'te-obfuscated',
	'te-bad-chunk',
	'chunked-ext',
	'lf-only',
	'obs-fold',
	'space-before-colon',
	'nul-header',
	'huge-header',
	'many-headers',
	'pipelined',
	'no-host',
	'two-hosts',
	'expect-continue',
	'upgrade',
	'h2-preface',
] as const

export function rawRequests(site: string, roles: () => Roles): fc.Arbitrary<() => FuzzRequest> {
	const host = new URL(site).host
	return fc
		.record({
			method: fc.constantFrom(...METHODS),
			target: fc.constantFrom(...TARGETS),
			version: fc.constantFrom(...VERSIONS),
			host: fc.constantFrom(...HOSTS),
			shape: fc.constantFrom(...SHAPES),
			body: fc.constantFrom(
				'',
				'intent=signin&email=a%40b.c&password=x',
				'{"data":{}}',
				'0\r\n\r\n',
			),
			signedIn: fc.boolean(),
			half: fc.boolean(),
		})
		.map((r) => () => {
			const lines: string[] = []
			const bodyText = r.body
			const h = r.host === 'HOST' ? host : r.host
			const eol = r.shape === 'lf-only' ? '\n' : '\r\n'
			const start = `${r.method} ${r.target} ${r.version}`.replace(/ +$/, '')
			if (r.shape !== 'no-host') lines.push(`Host: ${h}`)
			if (r.shape === 'two-hosts') lines.push('Host: evil.example')
			if (r.signedIn) lines.push(`Cookie: ${roles().admin}`)
			lines.push(`Origin: ${site}`, 'Content-Type: application/x-www-form-urlencoded')
			let body: string = bodyText
			switch (r.shape) {
				case 'cl-te':
					lines.push(`Content-Length: ${body.length + 5}`, 'Transfer-Encoding: chunked')
					body = `${body.length.toString(16)}\r\n${body}\r\n0\r\n\r\nGET /admin HTTP/1.1\r\nHost: ${host}\r\n\r\n`
					break
				case 'te-cl':
					lines.push('Transfer-Encoding: chunked', 'Content-Length: 4')
					body = `5c\r\nGPOST / HTTP/1.1\r\n\r\n0\r\n\r\n`
					break
				case 'two-cl':
					lines.push(`Content-Length: ${body.length}`, `Content-Length: ${body.length + 1}`)
					break
				case 'te-obfuscated':
					lines.push('Transfer-Encoding: xchunked', 'Transfer-Encoding : chunked')
					body = `0\r\n\r\n`
					break
				case 'te-bad-chunk':
					lines.push('Transfer-Encoding: chunked')
					body = `zz\r\n${body}\r\n0\r\n\r\n`
					break
				case 'chunked-ext':
					lines.push('Transfer-Encoding: chunked')
					body = `${body.length.toString(16)};ext="\\x"\r\n${body}\r\n0\r\nTrailer: x\r\n\r\n`
					break
				case 'obs-fold':
					lines.push('X-Folded: a', ' continued', `Content-Length: ${body.length}`)
					break
				case 'space-before-colon':
					lines.push(`Content-Length : ${body.length}`)
					break
				case 'nul-header':
					lines.push('X-Nul: a\u0000b', `Content-Length: ${body.length}`)
					break
				case 'huge-header':
					lines.push(`X-Big: ${'x'.repeat(20_000)}`, `Content-Length: ${body.length}`)
					break
				case 'many-headers':
					for (let i = 0; i < 2500; i++) lines.push(`X-H${i}: ${i}`)
					lines.push(`Content-Length: ${body.length}`)
					break
				case 'pipelined':
					lines.push(`Content-Length: ${body.length}`)
					body = `${body}GET /about HTTP/1.1\r\nHost: ${host}\r\n\r\nTRACE / HTTP/1.1\r\nHost: ${host}\r\n\r\n`
					break
				case 'expect-continue':
					lines.push('Expect: 100-continue', `Content-Length: ${body.length}`)
					break
				case 'upgrade':
					lines.push('Connection: Upgrade', 'Upgrade: websocket', 'Sec-WebSocket-Version: 13')
					break
				case 'h2-preface':
					return {
						kind: 'raw',
						label: 'raw h2-preface',
						bytes: Buffer.from('PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n'),
					} satisfies FuzzRequest
				default:
					lines.push(`Content-Length: ${body.length}`)
			}
			if (!r.half) lines.push('Connection: close')
			const text = `${start}${eol}${lines.join(eol)}${eol}${eol}${body}`
			return {
				kind: 'raw',
				label: `raw ${r.shape}`,
				bytes: Buffer.from(text, 'latin1'),
			} satisfies FuzzRequest
		})
}
