import fc from 'fast-check'

/**
 * What every generator draws on: texts and bytes that break things, percent-encoding, and who is
 * asking (credentials, client addresses, Origin headers). The generators (get-requests.ts,
 * form-requests.ts, json-requests.ts, upload-requests.ts, raw-requests.ts, webhooks.ts) each build a
 * fast-check arbitrary of requests from a valid starting point (a route, a form found on a page, an
 * API payload) and a few mutations, so most inputs get past the first check and reach deeper code.
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
export const fieldValue: fc.Arbitrary<string | Buffer> = fc.oneof(
	{ weight: 9, arbitrary: nastyString },
	{ weight: 1, arbitrary: invalidUtf8 },
)

export const bytesOf = (value: string | Buffer): Buffer =>
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

/**
 * The headers of the role a form or API was found as (its own session), or, when the request
 * does not keep to it, the fuzzed credentials `who` drew.
 */
export function roleHeaders(
	role: 'customer' | 'admin' | 'anonymous' | undefined,
	roles: () => Roles,
	who: () => Record<string, string>,
): Record<string, string> {
	if (role === 'customer') return { cookie: roles().customer }
	if (role === 'admin') return { cookie: roles().admin }
	return role === 'anonymous' ? {} : who()
}

/** Fuzzed requests come from many addresses (the shop runs with TRUST_PROXY=1). */
export const clientIp = fc
	.tuple(fc.nat(255), fc.nat(255), fc.nat(255))
	.map(([a, b, c]) => `10.${a}.${b}.${c}`)

/** Mostly same-origin writes (to get past the origin check), sometimes not. */
export function originHeader(site: string) {
	return fc.oneof(
		{ weight: 12, arbitrary: fc.constant<string | undefined>(site) },
		{ weight: 1, arbitrary: fc.constant<string | undefined>(undefined) },
		{
			weight: 1,
			arbitrary: fc.constantFrom('null', 'http://evil.example', 'http://[', `${site}.`),
		},
	)
}
