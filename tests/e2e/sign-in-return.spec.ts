import { expect, type Page, test } from '@playwright/test'
import { E2E_ADMIN } from '../../playwright.config'
import { newCustomerWithOrder } from './factories'
import { STAFF_EMAIL, waitForEmail } from './mail'
import { visit } from './support'

/** Issue 34 item 2: sign-in comes back to the page asked for, for staff and customers. */
async function signIn(page: Page, email: string, password: string) {
	await page.getByLabel('Email').fill(email)
	await page.getByLabel('Password').fill(password)
	await page.getByRole('button', { name: 'Sign In' }).click()
}

test('a staff email link signs in on the way to the order', async ({ page, browser, baseURL }) => {
	const customer = await newCustomerWithOrder(browser, baseURL!)
	const mail = await waitForEmail(STAFF_EMAIL, new RegExp(`New order request ${customer.orderId}`))
	const link = new RegExp(`https?://[^\\s"<]+/auth\\?redirectTo=/admin/orders/${customer.orderId}`)
	expect(mail).toMatch(link)
	const url = new URL(link.exec(mail)![0])
	await visit(page, url.pathname + url.search)
	await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password)
	await expect(page).toHaveURL(new RegExp(`/admin/orders/${customer.orderId}$`))
	await expect(page.getByRole('dialog', { name: `Order ${customer.orderId}` })).toBeVisible()
	// Signed in already, the same link goes straight to the order.
	await page.goto(url.pathname + url.search)
	await expect(page).toHaveURL(new RegExp(`/admin/orders/${customer.orderId}$`))
	await customer.context.close()
})

test('a customer signs in back to their order history; an off-site redirectTo is ignored', async ({
	browser,
	baseURL,
}) => {
	const customer = await newCustomerWithOrder(browser, baseURL!)
	const context = await browser.newContext({ baseURL })
	const page = await context.newPage()
	await visit(page, `/auth?redirectTo=${encodeURIComponent('/auth?tab=orders')}`)
	await signIn(page, customer.email, customer.password)
	await expect(page).toHaveURL(/\/auth\?tab=orders$/)
	await expect(page.getByText(customer.orderId).first()).toBeVisible()
	await context.clearCookies()

	await visit(page, '/auth?redirectTo=//evil.example')
	await signIn(page, customer.email, customer.password)
	await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible()
	expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin)
	expect(new URL(page.url()).pathname).toBe('/auth')
	await context.close()
	await customer.context.close()
})
