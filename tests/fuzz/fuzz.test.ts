import fs from 'node:fs'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatPence } from '~/lib/money'
import { startFakeStripe } from '../support/fake-stripe'
import { ORDER_LINES } from '../support/process'
import { allRoutes } from '../support/routes'
import { fixedRequests } from './fixed-cases'
import { formRequests } from './form-requests'
import { formsIn } from './forms'
import { getRequests } from './get-requests'
import { count, fuzz, type Prepared, prepare, report, SEED, sentSoFar, suspects } from './harness'
import { type JsonTarget, jsonRequests } from './json-requests'
import { rawRequests } from './raw-requests'
import { RETURNED_PENCE, returnedOrder, sendReplays } from './refund-replays'
import { HARNESS_IP, harnessFetch, harnessPost, startShop } from './shop'
import { photoUploadRequests, tinyJpeg, uploadFuzzPhoto, uploadRequests } from './upload-requests'
import { type StripeIds, webhookRequests } from './webhooks'

/**
 * Issue 28: at least 10,000 generated inputs against the production build (`npm run build`
 * first), on whichever database DATABASE_URL names (PGlite without it). Zero 5xx, zero dropped
 * connections, no error-level log line, every answer within 2 s. A new seed each run, printed;
 * `FUZZ_SEED=<n> npm run test:fuzz` sends the same inputs again. FUZZ_SCALE=0.1 for a quick look.
 */

let main: Prepared
let stripe: Prepared
let fake: Awaited<ReturnType<typeof startFakeStripe>>
let stripeIds: StripeIds
let returned: Awaited<ReturnType<typeof returnedOrder>>
const started = performance.now()

beforeAll(async () => {
	console.log(
		`Fuzz seed ${SEED} (replay: FUZZ_SEED=${SEED} npm run test:fuzz) on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`,
	)
	fake = await startFakeStripe()
	const [mainShop, stripeShop] = await Promise.all([
		startShop({ name: 'test-payments', inFlight: suspects }),
		startShop({ name: 'stripe', env: fake.env, inFlight: suspects }),
	])
	;[main, stripe] = await Promise.all([prepare(mainShop!), prepare(stripeShop!)])
	// A checkout session on the fake for the Stripe shop's link: webhooks then name a real one.
	const pay = await harnessFetch(new URL(`/pay/${stripe.ids.token}`, stripe.shop.url), {
		headers: { 'x-forwarded-for': HARNESS_IP },
	})
	for (const form of formsIn(await pay.text(), `/pay/${stripe.ids.token}`, 'anonymous'))
		await harnessPost(
			stripe.shop,
			form.action,
			Object.fromEntries(form.fields.map(([k, v]) => [k, String(v)])),
		)
	stripeIds = {
		orderId: stripe.ids.orderId,
		sessionIds: [...fake.sessions.keys()],
		amount: [...fake.sessions.values()][0]?.amount_total ?? 0,
	}
	console.log(
		`Forms found: ${main.forms.length} on the test-payments shop, ${stripe.forms.length} on the Stripe shop; ${stripeIds.sessionIds.length} checkout session(s) on the fake`,
	)
	// An uploaded photo (issue 32), so /photos/:file is fuzzed around a real file name.
	main.ids.photoFile = await uploadFuzzPhoto(main.shop.url, main.roles.admin, HARNESS_IP)
	expect(main.ids.photoFile).toMatch(/^[0-9a-f]{32}\.jpg$/)
	// The after-sale forms (issue 30): a request's page, the return and the problem report; the
	// product editor's photo list and its plain upload form (issue 32).
	for (const action of [/^\/admin\/requests\/\d+$/, /\/return$/, /\/problem$/, /^\/admin\/photos$/])
		expect(main.forms.some((f) => action.test(f.action))).toBe(true)
	// A returned order and its refund replays (issue 57 item 1): fixed cases, then fuzzed too.
	returned = await returnedOrder(main)
	main.forms.push(...returned.replays)
}, 180_000)

afterAll(async () => {
	await Promise.all([main?.shop.stop(), stripe?.shop.stop()])
	await fake?.close()
	const seconds = Math.round((performance.now() - started) / 1000)
	console.log(`Fuzz: ${sentSoFar()} inputs sent in ${seconds} s (seed ${SEED})`)
}, 60_000)

const patterns = () =>
	allRoutes()
		.map((r) => r.path)
		.filter((p) => p !== '*')
		.concat(['*', ''])
const jsonTargets = (p: Prepared): JsonTarget[] => [
	{
		path: '/api/placeOrder',
		role: 'customer',
		body: {
			data: {
				cartItems: ORDER_LINES.map(({ unit: _unit, ...line }) => line),
				deliveryInfo: {
					firstName: 'Fuzz',
					lastName: 'Customer',
					email: 'fuzz@example.co.uk',
					address1: '1 Test Road',
					address2: '',
					city: 'Inverness',
					postcode: 'IV2 3XY',
					phone: '01463 123456',
					notes: 'Side gate',
				},
				idempotencyKey: 'fuzz-key-0001',
				saveToProfile: false,
				siteAccess: null,
			},
		},
	},
	{
		path: '/api/createPaymentLink',
		role: 'admin',
		body: { data: { orderId: p.ids.orderId, deliveryCost: 12.5 } },
	},
	{
		path: '/api/createPaymentLink',
		role: 'admin',
		body: { data: { orderId: p.ids.orderId, totalCost: 999.99 } },
	},
	{
		path: '/api/deactivatePaymentLink',
		role: 'admin',
		body: { data: { orderId: p.ids.orderId, paymentLinkId: p.ids.paymentLinkId } },
	},
	{ path: '/api/nothingHere', role: 'customer', body: { data: {} } },
	{ path: '/api/visit', role: 'anonymous', body: { type: 'view', path: '/pond-products/filters' } },
	{ path: '/api/visit', role: 'anonymous', body: { type: 'cart', productId: p.ids.productId } },
	{
		path: '/cart/check',
		role: 'anonymous',
		body: ORDER_LINES.map(({ unit, ...line }) => ({ ...line, price: `£${unit / 100}` })),
	},
	{
		path: '/cart/estimate',
		role: 'anonymous',
		body: { postcode: 'IV2 3XY', lines: ORDER_LINES.map(({ id, quantity }) => ({ id, quantity })) },
	},
]

describe(`fuzzing the production build (seed ${SEED})`, () => {
	it('replays a return’s refund as people do, and refunds it once (issue 57 item 1)', async () => {
		const { statuses, request, order } = await sendReplays(main, returned)
		expect(statuses.filter((s) => s >= 500)).toEqual([])
		expect(request).toContain(`Refunded ${formatPence(RETURNED_PENCE)} on`)
		expect(request).not.toContain('name="refundKey"')
		// The request's refund once, and the separate £10 from the order view.
		expect(order).toContain(`partially refunded ${formatPence(RETURNED_PENCE + 1_000)}`)
	})

	it('sends the fixed cases reviews found, exactly, every run', async () => {
		const cases = fixedRequests(main.shop.url.origin, main.ids, () => main.roles, HARNESS_IP)
		const result = await fuzz(main, 'fixed', cases, cases.length)
		expect(report(result)).toBe('')
	})

	it('GET and HEAD every route with bad params, suffixes and query strings', async () => {
		const result = await fuzz(
			main,
			'routes',
			getRequests(patterns(), main.ids, () => main.roles),
			count(3600),
		)
		expect(report(result)).toBe('')
	})

	it('POSTs every form found on the pages with mutated fields, encodings and content types', async () => {
		const result = await fuzz(
			main,
			'forms',
			formRequests(main.shop.url.origin, main.forms, () => main.roles),
			count(3600),
		)
		expect(report(result)).toBe('')
	})

	it('POSTs every JSON API with wrong types, missing and extra fields, broken JSON', async () => {
		const result = await fuzz(
			main,
			'json',
			jsonRequests(main.shop.url.origin, jsonTargets(main), () => main.roles),
			count(1400),
		)
		expect(report(result)).toBe('')
	})

	it('uploads broken catalogue files in broken multipart bodies', async () => {
		const csv = fs.readFileSync('catalog/products.csv', 'utf8')
		const result = await fuzz(
			main,
			'uploads',
			uploadRequests(main.shop.url.origin, csv, () => main.roles),
			count(250),
		)
		expect(report(result)).toBe('')
	})

	it('uploads broken, hostile and real photos, as admin and customer (issue 32)', async () => {
		const result = await fuzz(
			main,
			'photos',
			photoUploadRequests(
				main.shop.url.origin,
				() => main.roles,
				main.ids.productId,
				await tinyJpeg(),
			),
			count(200),
		)
		expect(report(result)).toBe('')
	})

	it('sends raw-socket requests: bad Host, odd methods and versions, smuggling shapes', async () => {
		const result = await fuzz(
			main,
			'raw',
			rawRequests(main.shop.url.origin, () => main.roles),
			count(700),
		)
		expect(report(result)).toBe('')
	})

	it('sends the Stripe shop signed-but-malformed webhooks', async () => {
		const result = await fuzz(
			stripe,
			'webhooks',
			webhookRequests(() => stripeIds),
			count(700),
		)
		expect(report(result)).toBe('')
	})

	it('fuzzes the Stripe shop’s pay page, its forms and APIs', async () => {
		const payPatterns = ['pay/:token', 'webhooks/stripe', 'api/createPaymentLink']
		const result = await fuzz(
			stripe,
			'stripe shop',
			fc.oneof(
				getRequests(payPatterns, stripe.ids, () => stripe.roles),
				formRequests(
					stripe.shop.url.origin,
					stripe.forms.filter((f) => /^\/(pay|admin\/orders)\//.test(f.action)),
					() => stripe.roles,
				),
				jsonRequests(stripe.shop.url.origin, jsonTargets(stripe).slice(1, 4), () => stripe.roles),
			),
			count(400),
		)
		expect(report(result)).toBe('')
	})

	it('never writes a payment link’s token to the log', () => {
		for (const { shop, ids } of [main, stripe]) expect(shop.output()).not.toContain(ids.token)
	})

	it(`sent at least ${count(10_000)} inputs`, () => {
		expect(sentSoFar()).toBeGreaterThanOrEqual(count(10_000))
	})
})
