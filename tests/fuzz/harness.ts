import crypto from 'node:crypto'
import fs from 'node:fs'
import fc from 'fast-check'
import { aftercareForms } from './aftercare-forms'
import { buildPaymentForms } from './build-forms'
import { quotedBuild } from './build-quotes'
import { formPages } from './form-pages'
import type { FoundForm } from './form-requests'
import { distinct, formsIn } from './forms'
import type { KnownIds } from './get-requests'
import { describe as describeRequest, type FuzzRequest, MAX_MS, send } from './send'
import {
	ADMIN_PASSWORD,
	HARNESS_IP,
	harnessFetch,
	harnessPost,
	jsonPost,
	placeFuzzOrder,
	register,
	type Shop,
	signIn,
	whoIs,
} from './shop'
import type { Roles } from './values'

/**
 * The fuzz suite's harness: the seed, scale and concurrency from the environment, the shop made
 * ready to fuzz (its customer and admin signed in, an order placed and linked, real ids and forms
 * found), and the loop that sends a part's inputs, records every failing one and reports them.
 */

/** A new seed each run unless FUZZ_SEED names one; FUZZ_SCALE=0.1 sends a tenth of each part. */
export const SEED = Number(process.env.FUZZ_SEED ?? crypto.randomInt(2 ** 31))
const SCALE = Number(process.env.FUZZ_SCALE ?? 1)
/** FUZZ_CONCURRENCY=1 tells a request that is slow itself from one stuck behind it. */
const CONCURRENCY = Number(process.env.FUZZ_CONCURRENCY ?? 6)
export const count = (n: number) => Math.max(1, Math.round(n * SCALE))

const CUSTOMER_PASSWORD = 'fuzz customer password 1'
/** Every failing input, whole (bodies in base64), one JSON line each. */
const FAILURES_FILE = `data/fuzz-failures-${SEED}.jsonl`
const inFlight = new Map<number, FuzzRequest>()
let nextId = 0
export const suspects = () => [...inFlight.values()].map((r) => describeRequest(r, 300))

export type Prepared = {
	shop: Shop
	roles: Roles
	customerEmail: string
	ids: KnownIds
	forms: FoundForm[]
}

/** How many inputs have been sent so far, across every part. */
let sent = 0
export const sentSoFar = () => sent

/** Signs in the harness's customer and admin, places an order, links it, finds ids and forms. */
export async function prepare(shop: Shop): Promise<Prepared> {
	const customerEmail = `customer-${shop.name}@fuzz.example`
	const roles: Roles = {
		customer: await register(shop, customerEmail, CUSTOMER_PASSWORD),
		admin: await signIn(shop, shop.adminEmail, ADMIN_PASSWORD),
	}
	const placed = await placeFuzzOrder(shop, roles.customer, 'Customer')
	if (!placed.ok) throw new Error(`placing the order failed: ${placed.status}`)
	const page = async (path: string, cookie = '') =>
		(
			await harnessFetch(new URL(path, shop.url), {
				headers: { cookie, 'x-forwarded-for': HARNESS_IP },
				redirect: 'manual',
			})
		).text()
	const first = (html: string, pattern: RegExp) => pattern.exec(html)?.[1] ?? 'none'
	const orderId = first(await page('/admin', roles.admin), /href="\/admin\/orders\/([^"?/]+)/)
	const link = await jsonPost(
		shop,
		'/api/createPaymentLink',
		{ data: { orderId, deliveryCost: 12.5 } },
		roles.admin,
	)
	const linkText = await link.text()
	await harnessPost(shop, '/contact', {
		name: 'Fuzz Enquirer',
		email: 'enquirer@fuzz.example',
		phone: '01463 123456',
		topic: 'pond',
		message: 'A pond for the garden, please: about four metres by three.',
		website: '',
	})
	// A pond build enquiry from the customer (issue 59): its project page and the admin's.
	const build = await harnessPost(
		shop,
		'/plan-a-pond',
		{
			name: 'Fuzz Builder',
			email: 'builder@fuzz.example',
			phone: '01463 123456',
			address: '1 Test Road, Inverness',
			postcode: 'IV2 3XY',
			type: 'koi',
			size: '4 m by 3 m',
			budget: '10-20k',
			timescale: 'planning',
			heardFrom: 'search',
			website: '',
		},
		roles.customer,
	)
	// A second order, cancelled by its customer: a request in the Requests inbox.
	const second = await placeFuzzOrder(shop, roles.customer, 'Canceller')
	const secondId = first(await second.text(), /"orderId":"([^"]+)"/)
	await harnessPost(
		shop,
		`/account/orders/${secondId}`,
		{ intent: 'cancel', confirmed: 'yes' },
		roles.customer,
	)
	const products = await page('/pond-products/filters')
	const ids: KnownIds = {
		orderId,
		token: first(linkText, /\/pay\/([^"/?\\]+)/),
		paymentLinkId: first(linkText, /"paymentLinkId":"([^"]+)"/),
		enquiryId: first(
			await page('/admin/enquiries', roles.admin),
			/href="\/admin\/enquiries\/([^"?/]+)/,
		),
		projectId: first(await page('/portfolio'), /href="\/portfolio\/([^"?/]+)/),
		buildId: first(build.headers.get('location') ?? '', /\/account\/projects\/(PB-[A-Z0-9]{6})/),
		category: 'filters',
		productId: first(products, /href="\/pond-products\/filters\/([^"?/]+)/),
		requestId: first(await page('/admin/requests', roles.admin), /href="\/admin\/requests\/(\d+)"/),
		...(await quotedBuild(shop, roles)),
	}
	// Every page that has a form, as each role that can see it.
	const pages = formPages(ids)
	const found: FoundForm[] = []
	for (const role of ['anonymous', 'customer', 'admin'] as const) {
		const cookie = role === 'anonymous' ? '' : roles[role]
		for (const path of pages) found.push(...formsIn(await page(path, cookie), path, role))
	}
	// Shown only beside a job that failed for good, which a fresh shop has none of.
	found.push({
		page: '/admin/jobs',
		role: 'admin',
		action: '/admin/jobs',
		multipart: false,
		fields: [
			['intent', 'retry'],
			['key', 'every:retention'],
		],
	})
	// A pond build's Payments section (decision 0038), shown only once a quote is accepted.
	found.push(...buildPaymentForms(ids.buildId))
	// Shown only once an order is delivered (returns) or dispatched (problem reports).
	for (const [sub, multipart, fields] of [
		[
			'return',
			false,
			[
				['qty-0', '1'],
				['details', 'Too big for our pond'],
			],
		],
		[
			'problem',
			true,
			[
				['problem', 'damage'],
				['details', 'The box arrived crushed.'],
			],
		],
	] as const)
		found.push({
			page: `/account/orders/${orderId}/${sub}`,
			role: 'customer',
			action: `/account/orders/${orderId}/${sub}`,
			multipart,
			fields: fields.map(([k, v]) => [k, v] as [string, string]),
		})
	found.push(...aftercareForms(ids))
	return { shop, roles, customerEmail, ids, forms: distinct(found) }
}

/** Puts a session right when a fuzzed request signed it out (intent=signout is fuzzed too). */
async function keepSignedIn(prepared: Prepared) {
	const { shop, roles } = prepared
	if ((await whoIs(shop, roles.customer)) !== 'customer')
		roles.customer = await signIn(shop, prepared.customerEmail, CUSTOMER_PASSWORD)
	if ((await whoIs(shop, roles.admin)) !== 'admin')
		roles.admin = await signIn(shop, shop.adminEmail, ADMIN_PASSWORD)
}

type Failure = { request: string; problem: string }

/**
 * Sends `n` inputs drawn from `arbitrary` (seeded, so a seed sends the same ones again) with a
 * few in flight at once, and returns every answer that broke a rule.
 */
export async function fuzz(
	target: Prepared,
	name: string,
	/** A generator, or fixed inputs sent each once (tests/fuzz/fixed-cases.ts). */
	arbitrary: fc.Arbitrary<() => FuzzRequest> | Array<() => FuzzRequest>,
	n: number,
) {
	const seed = (SEED + [...name].reduce((sum, c) => sum + c.charCodeAt(0), 0)) % 2 ** 31
	const inputs = Array.isArray(arbitrary) ? arbitrary : fc.sample(arbitrary, { seed, numRuns: n })
	const failures: Failure[] = []
	const slow: Array<{ request: FuzzRequest; ms: number; status: number }> = []
	const errorsBefore = target.shop.errorLines.length
	const t0 = performance.now()
	for (let at = 0; at < inputs.length; at += 200) {
		await keepSignedIn(target)
		const chunk = inputs.slice(at, at + 200)
		let next = 0
		await Promise.all(
			Array.from({ length: CONCURRENCY }, async () => {
				while (next < chunk.length) {
					const request = chunk[next++]!()
					const id = nextId++
					inFlight.set(id, request)
					const outcome = await send(target.shop.url, request)
					inFlight.delete(id)
					sent++
					const problem = outcome.dropped
						? `connection dropped (${outcome.dropped})`
						: outcome.status >= 500
							? `answered ${outcome.status}`
							: outcome.ms > MAX_MS
								? `answered ${outcome.status} after ${outcome.ms} ms`
								: undefined
					// Slow, but answered: asked again alone below before it counts (see slowAlone).
					if (problem && !outcome.dropped && outcome.status < 500 && outcome.ms > MAX_MS) {
						slow.push({ request, ms: outcome.ms, status: outcome.status })
						continue
					}
					if (problem) {
						failures.push({ request: describeRequest(request), problem })
						// Whole, for replaying one request by hand (the report shortens long ones).
						fs.appendFileSync(
							FAILURES_FILE,
							`${JSON.stringify({ problem, ...request, body: request.kind === 'http' ? request.body?.toString('base64') : undefined, bytes: request.kind === 'raw' ? request.bytes.toString('base64') : undefined })}\n`,
						)
					}
				}
			}),
		)
	}
	failures.push(...(await slowAlone(target, slow)))
	const errors = target.shop.errorLines.slice(errorsBefore)
	console.log(
		`${name}: ${inputs.length} inputs in ${Math.round((performance.now() - t0) / 1000)} s, ${failures.length} failed, ${errors.length} error log lines`,
	)
	return { failures, errors }
}

/**
 * Requests that answered after more than MAX_MS, sent again one at a time. Slow alone, the input
 * itself is slow: a failure. Fast alone, it was held up by something else the server was doing at
 * the time (several requests answer together after the same pause): that stall is printed as a
 * warning with the requests it held, not blamed on an innocent input. Open finding: a pause of
 * about 2.5 s, seen now and then in the JSON part (docs/security.md, Fuzzing).
 */
async function slowAlone(
	target: Prepared,
	slow: Array<{ request: FuzzRequest; ms: number; status: number }>,
): Promise<Failure[]> {
	const failures: Failure[] = []
	for (const { request, ms, status } of slow) {
		const again = await send(target.shop.url, request)
		sent++
		if (again.dropped || again.status >= 500 || again.ms > MAX_MS)
			failures.push({
				request: describeRequest(request),
				problem: `answered ${status} after ${ms} ms, and ${again.dropped ? `dropped (${again.dropped})` : `${again.status} after ${again.ms} ms`} alone`,
			})
		else
			console.warn(
				`stall: answered ${status} after ${ms} ms among others, ${again.ms} ms alone: ${describeRequest(request).slice(0, 200)}`,
			)
	}
	return failures
}

export function report({ failures, errors }: Awaited<ReturnType<typeof fuzz>>) {
	const lines = [
		...failures.slice(0, 15).map((f) => `${f.problem}\n    ${f.request}`),
		...errors
			.slice(0, 10)
			.map(
				(e) => `error log line: ${e.line}\n    in flight: ${e.inFlight.join('\n               ')}`,
			),
	]
	if (failures.length > 15) lines.push(`… and ${failures.length - 15} more failures`)
	if (lines.length) lines.push(`Replay: FUZZ_SEED=${SEED} npm run test:fuzz`)
	return lines.join('\n')
}
