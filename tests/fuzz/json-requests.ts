import fc from 'fast-check'
import { BODY_BREAKS, breakBody } from './form-requests'
import type { FuzzRequest } from './send'
import { clientIp, credentials, nastyString, originHeader, type Roles, roleHeaders } from './values'

/**
 * The JSON generator: each JSON endpoint's valid body with wrong types, missing and extra fields,
 * huge arrays and deep nesting, sent with broken encodings and content types.
 */

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
		// Up to 200 copies, but never more than ~2 MB of them: copying a 100,000-element array 200
		// times held this process for seconds, and the requests in flight looked like a stalled
		// server (the body limit answers 413 long before 2 MB anyway).
		const item = node[Number(last)]!
		const size = JSON.stringify(item)?.length ?? 4
		const copies = Math.max(1, Math.min(200, Math.floor(2_000_000 / size)))
		for (let i = 0; i < copies; i++) node.push(structuredClone(item))
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
			Object.assign(headers, roleHeaders(role, roles, r.who))
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
