import { expect } from 'vitest'
import type { FoundForm } from './form-requests'
import type { Prepared } from './harness'
import { HARNESS_IP, harnessFetch, harnessPost, jsonPost, placeFuzzOrder } from './shop'

/**
 * Issue 57 item 1: the refund replays, as fixed cases. A paid, delivered order with a return of
 * one £173.99 line whose goods are back, so its request page has a refund form; then that form
 * sent as a person would replay it — twice at once, with the key the page hands out next (hours
 * later), with a key of their own, for more than came back, and from the order view. They are
 * also added to the forms the fuzzer mutates. However they come, the request is refunded once.
 */
export const RETURNED_PENCE = 17_399

export async function returnedOrder({ shop, roles }: Prepared) {
	const page = async (path: string, cookie: string) =>
		(
			await harnessFetch(new URL(path, shop.url), {
				headers: { cookie, 'x-forwarded-for': HARNESS_IP },
			})
		).text()
	const placed = await placeFuzzOrder(shop, roles.customer, 'Returner')
	const orderId = /"orderId":"([^"]+)"/.exec(await placed.text())![1]!
	const link = await jsonPost(
		shop,
		'/api/createPaymentLink',
		{ data: { orderId, deliveryCost: 12.5 } },
		roles.admin,
	)
	const token = /\/pay\/([^"/?\\]+)/.exec(await link.text())![1]!
	await harnessPost(shop, `/pay/${token}`, {})
	const view = `/admin/orders/${orderId}`
	for (const intent of ['mark-shipped', 'mark-delivered']) {
		const version = /name="version" value="(\d+)"/.exec(await page(view, roles.admin))![1]!
		await harnessPost(
			shop,
			view,
			{ intent, version, carrier: '', trackingReference: '' },
			roles.admin,
		)
	}
	await harnessPost(shop, `/account/orders/${orderId}/return`, { 'qty-1': '1' }, roles.customer)
	// Open requests come first, newest first: the only open one is this return.
	const requestId = /href="\/admin\/requests\/(\d+)"/.exec(
		await page('/admin/requests?status=open', roles.admin),
	)?.[1]
	expect(requestId, 'the return request in the inbox').toBeDefined()
	const path = `/admin/requests/${requestId}`
	await harnessPost(shop, path, { intent: 'goods-received' }, roles.admin)
	const form = (action: string, fields: Record<string, string>): FoundForm => ({
		page: action,
		role: 'admin',
		action,
		multipart: false,
		fields: Object.entries({ intent: 'refund', reason: 'Return of one filter', ...fields }),
	})
	const replays = [
		form(path, { amount: '173.99', refundKey: `refund-1-${orderId}` }),
		form(path, { amount: '173.99', refundKey: `refund-1-${orderId}` }),
		form(path, { amount: '173.99', refundKey: `refund-2-${orderId}` }),
		form(path, { amount: '173.99', refundKey: 'fuzz-replay-0123456789' }),
		form(path, { amount: '999999.99', refundKey: 'fuzz-replay-over-the-cap' }),
		form(path, { amount: '0.01', refundKey: 'fuzz-replay-one-penny-1' }),
		form(view, { amount: '10.00', reason: 'Goodwill', refundKey: `refund-3-${orderId}` }),
	]
	return { orderId, path, view, replays }
}

/** Sends the replays as they are, two at a time, and reads back what was refunded. */
export async function sendReplays(
	{ shop, roles }: Prepared,
	returned: Awaited<ReturnType<typeof returnedOrder>>,
) {
	const statuses: number[] = []
	for (let i = 0; i < returned.replays.length; i += 2)
		await Promise.all(
			returned.replays.slice(i, i + 2).map(async (replay) => {
				const res = await harnessPost(
					shop,
					replay.action,
					Object.fromEntries(replay.fields.map(([k, v]) => [k, String(v)])),
					roles.admin,
				)
				statuses.push(res.status)
			}),
		)
	const text = async (path: string) =>
		(
			await harnessFetch(new URL(path, shop.url), {
				headers: { cookie: roles.admin, 'x-forwarded-for': HARNESS_IP },
			})
		).text()
	return {
		statuses,
		request: (await text(returned.path)).replace(/<!-- -->/g, ''),
		order: (await text(returned.view)).replace(/<!-- -->/g, ''),
	}
}
