import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test'
import { E2E_ADMIN } from '../../playwright.config'

/**
 * Browser-test data through the shop's own HTTP interface (the e2e server owns its embedded
 * database, so tests never open it): a new customer registered by form post, and an order
 * request placed through POST /api/placeOrder — no clicking through checkout.
 */
export const uniqueEmail = (prefix = 'customer') =>
	`${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.co.uk`

export const PASSWORD = 'pond keeper 2026'

export async function newCustomerWithOrder(
	browser: Browser,
	baseURL: string,
	{
		lastName = 'Mackenzie',
		quantity = 1,
		postcode = 'IV2 3XY',
		pallet = false,
		siteAccess,
	}: {
		lastName?: string
		quantity?: number
		postcode?: string
		/** Order the demo pallet item (a large filter) instead of a parcel one. */
		pallet?: boolean
		siteAccess?: { lorryAccess: string; gateWidthCm: number | null; tailLift: string }
	} = {},
) {
	const context = await browser.newContext({ baseURL })
	const request = context.request
	const email = await registerCustomer(request, baseURL, lastName)
	const line = pallet
		? { id: '9', quantity, selectedSize: null, selectedOption: 'Standard' }
		: { id: '0', quantity, selectedSize: null, selectedOption: null }
	const orderId = await placeOrder(request, baseURL, { lastName, line, postcode, siteAccess })
	return { email, password: PASSWORD, context, orderId }
}

/** Registers a new customer by form post; the request's context (a page's, say) is then signed in. */
export async function registerCustomer(
	request: APIRequestContext,
	baseURL: string,
	lastName = 'Mackenzie',
) {
	const email = uniqueEmail()
	const registered = await request.post('/auth', {
		form: {
			intent: 'register',
			firstName: 'Morag',
			lastName,
			email,
			password: PASSWORD,
			confirmPassword: PASSWORD,
		},
		// Each from an address of its own, as customers are (playwright.config.ts, TRUST_PROXY).
		headers: { origin: baseURL, 'x-forwarded-for': randomAddress() },
		maxRedirects: 0,
	})
	expect(registered.status()).toBeLessThan(400)
	return email
}

/** A further (parcel) order request from a customer made above. */
export const anotherOrder = (
	customer: { context: { request: APIRequestContext } },
	baseURL: string,
) =>
	placeOrder(customer.context.request, baseURL, {
		lastName: 'Mackenzie',
		line: { id: '0', quantity: 1, selectedSize: null, selectedOption: null },
		postcode: 'IV2 3XY',
	})

async function placeOrder(
	request: APIRequestContext,
	baseURL: string,
	order: { lastName: string; line: object; postcode: string; siteAccess?: object },
) {
	const { lastName, line, postcode, siteAccess } = order
	const res = await request.post('/api/placeOrder', {
		headers: { origin: baseURL },
		data: {
			data: {
				cartItems: [line],
				siteAccess,
				deliveryInfo: {
					firstName: 'Morag',
					lastName,
					address1: '12 Loch Road',
					address2: '',
					city: 'Inverness',
					postcode,
					phone: '01463 123456',
					email: '',
					notes: 'Lorry access from the lane',
				},
			},
		},
	})
	expect(res.status()).toBe(200)
	return ((await res.json()) as { data: { orderId: string } }).data.orderId
}

/** Signs the CLI-made admin in through the form. */
export async function signInAsAdmin(page: Page) {
	await page.goto('/auth')
	await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
	await page.getByLabel('Email').fill(E2E_ADMIN.email)
	await page.getByLabel('Password').fill(E2E_ADMIN.password)
	await page.getByRole('button', { name: 'Sign In' }).click()
	await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible()
}

/**
 * Posts one of the order modal's forms as the signed-in admin, with the version the modal shows:
 * the quick way to move an order into a state a test needs (the forms' own tests click them).
 */
export async function adminOrderAction(
	page: Page,
	orderId: string,
	intent: string,
	fields: Record<string, string> = {},
) {
	// The page may not have opened anything yet: the context's baseURL says which shop.
	const modal = await page.request.get(`/admin/orders/${orderId}`)
	const origin = new URL(modal.url()).origin
	const html = await modal.text()
	const version = /name="version" value="(\d+)"/.exec(html)?.[1]
	expect(version, `order ${orderId} modal has a version`).toBeTruthy()
	const res = await page.request.post(`${origin}/admin/orders/${orderId}`, {
		form: { intent, version: version!, ...fields },
		headers: { origin },
	})
	expect(res.status(), `${intent} on ${orderId}`).toBe(200)
}

/** A private IPv4 address (10.x.y.z) for one registration. */
const randomAddress = () =>
	`10.${Array.from({ length: 3 }, () => Math.floor(Math.random() * 256)).join('.')}`
