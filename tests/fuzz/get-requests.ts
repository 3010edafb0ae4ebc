import fc from 'fast-check'
import type { FuzzRequest } from './send'
import { bytesOf, clientIp, credentials, fieldValue, nastyString, pct, type Roles } from './values'

/**
 * The GET and HEAD generator: every route in app/routes.ts with its params filled in (mostly real
 * ids, sometimes anything), odd suffixes, query strings and credentials.
 */

// ---------------------------------------------------------------------------- GET

export type KnownIds = {
	orderId: string
	token: string
	paymentLinkId: string
	enquiryId: string
	projectId: string
	/** A pond build (issue 59), sent by the customer role. */
	buildId: string
	/** Another, with quote version 1 sent and a draft (`quoteId`) in the builder. */
	quoteBuildId?: string
	quoteId?: string
	category: string
	productId: string
	/** A customer's request (a cancellation) in the Requests inbox. */
	requestId: string
	/** An uploaded photo's main file name (<hash>.jpg), once fuzz.test.ts has uploaded one. */
	photoFile?: string
	/** A staff member (the owner's second-factor reset page). */
	userId?: string
}

const QUERY_KEYS = [
	'redirectTo',
	'mode',
	'token',
	'order',
	'key',
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
	// /admin/money and its exports (issue 61)
	'period',
	'month',
	'year',
	'qs',
	'show',
	'format',
	// /admin/audit's filters (issue 60)
	'person',
	'kind',
	// /admin/money/payouts' paging (issue 61 item 4)
	'after',
	'before',
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
			':buildId': ids.buildId,
			':quoteId': ids.quoteId ?? '1',
			':version': '1',
			':category': ids.category,
			':productId': ids.productId,
			':number': 'RCT-000001',
			':requestId': ids.requestId,
			':photoId': '1',
			':userId': ids.userId ?? 'x',
			':file': ids.photoFile ?? 'x.jpg',
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
