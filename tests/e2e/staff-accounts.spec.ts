import type { Browser, Page } from '@playwright/test'
import { TOTP_STEP_MS, totp } from '../support/totp'
import { expect, test } from './admin-session'
import { adminOrderAction, newCustomerWithOrder, PASSWORD, uniqueEmail } from './factories'
import { waitForEmail } from './mail'
import { visit } from './support'

/**
 * Issue 60 as the owner tries it, in Chromium: invite a helper and a bookkeeper; each joins from
 * the emailed link and turns on an authenticator app (a real code computed here); the helper
 * refunds £100 and is refused £400; the bookkeeper downloads an invoice and is refused the
 * settings; the owner reads all of it in the audit log and signs the helper out everywhere.
 */

const ORDER_LINK = /https?:\/\/[^/\s"]+(\/account\/orders\/KP-[A-Z0-9]{6}\?key=[A-Za-z0-9_-]{43})/
const INVITE = /https?:\/\/[^/\s"]+(\/auth\/invite\/[A-Za-z0-9_-]+)/

async function join(
	browser: Browser,
	baseURL: string,
	owner: Page,
	who: { role: string; email: string; firstName: string; lastName: string },
) {
	const { role, email } = who
	await owner.getByLabel('Email address').fill(email)
	await owner.getByLabel('Role', { exact: true }).selectOption({ label: role })
	await owner.getByRole('button', { name: 'Send invitation' }).click()
	await expect(owner.getByText(`Invitation sent to ${email}.`)).toBeVisible()
	const link = INVITE.exec(await waitForEmail(email, /auth\/invite\//))![1]!

	const page = await (await browser.newContext({ baseURL })).newPage()
	await visit(page, link, { a11y: false })
	await page.getByLabel('First name').fill(who.firstName)
	await page.getByLabel('Last name').fill(who.lastName)
	await page.getByLabel('Choose a password').fill(PASSWORD)
	await page.getByLabel('Confirm password').fill(PASSWORD)
	await page.getByRole('button', { name: 'Accept the invitation' }).click()
	await page.getByLabel('Email').fill(email)
	await page.getByLabel('Password').fill(PASSWORD)
	await page.getByRole('button', { name: 'Sign In' }).click()
	await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible()

	await visit(page, '/account/security', { a11y: false })
	await page.getByLabel('Your password').fill(PASSWORD)
	await page.getByRole('button', { name: 'Set up an authenticator app' }).click()
	const key = (await page.getByTestId('totp-secret').textContent()) ?? ''
	await page.getByLabel('Code from the app').fill(totp(key))
	const usedStep = Math.floor(Date.now() / TOTP_STEP_MS)
	await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click()
	await expect(page.getByRole('heading', { name: 'Your backup codes' })).toBeVisible()
	return { page, key, usedStep }
}

test('the owner invites a helper and a bookkeeper, limits what each can do, and sees it all', async ({
	browser,
	baseURL,
	adminPage: owner,
}) => {
	test.setTimeout(150_000)
	const customer = await newCustomerWithOrder(browser, baseURL!)
	const sent = await waitForEmail(customer.email, new RegExp(`order request ${customer.orderId}`))
	await adminOrderAction(owner, customer.orderId, 'set-delivery-cost', { deliveryCost: '500' })
	const buyer = await customer.context.newPage()
	await visit(buyer, ORDER_LINK.exec(sent)![1]!, { a11y: false })
	await buyer.getByRole('link', { name: /^Pay £/ }).click()
	await buyer.getByRole('button', { name: /^Pay £[\d,.]+ now$/ }).click()
	await expect(buyer.getByRole('heading', { name: 'Payment received' })).toBeVisible()
	await customer.context.close()

	await visit(owner, '/admin/staff', { a11y: false })
	const helperEmail = uniqueEmail('helper')
	const booksEmail = uniqueEmail('books')
	const helper = await join(browser, baseURL!, owner, {
		role: 'Staff',
		email: helperEmail,
		firstName: 'Ewan',
		lastName: 'Ross',
	})
	const books = await join(browser, baseURL!, owner, {
		role: 'Bookkeeper',
		email: booksEmail,
		firstName: 'Shona',
		lastName: 'Gill',
	})

	// The helper signs in again with a fresh code, then refunds within the limit and over it.
	await helper.page.context().clearCookies({ name: 'koi.session_token' })
	await visit(helper.page, '/auth', { a11y: false })
	await helper.page.getByLabel('Email').fill(helperEmail)
	await helper.page.getByLabel('Password').fill(PASSWORD)
	await helper.page.getByRole('button', { name: 'Sign In' }).click()
	// The set-up used this step's code; the next step's is within the ±1 step window, and new.
	await helper.page
		.getByLabel('Code', { exact: true })
		.fill(totp(helper.key, (helper.usedStep + 1) * TOTP_STEP_MS))
	await helper.page.getByRole('button', { name: 'Continue' }).click()
	await expect(helper.page.getByRole('button', { name: 'Sign Out' })).toBeVisible()
	await visit(helper.page, `/admin/orders/${customer.orderId}`, { a11y: false })
	const refund = async (pounds: string) => {
		await helper.page.getByLabel('Amount (£)').fill(pounds)
		await helper.page.getByLabel('Reason (printed on the credit note)').fill('Goodwill')
		await helper.page.getByRole('button', { name: 'Refund to card' }).click()
	}
	await refund('100')
	await expect(helper.page.getByText(/Refunded £100\.00/).first()).toBeVisible()
	// The form comes back with the next refund's key: fill it once it has.
	await expect(helper.page.getByText(/partially refunded £100\.00/)).toBeVisible()
	await refund('400')
	await expect(helper.page.getByText('Refunds over £250.00 need the owner.').first()).toBeVisible()

	// The bookkeeper downloads the invoice, and is refused the settings.
	await visit(books.page, `/admin/orders/${customer.orderId}`, { a11y: false })
	const download = books.page.waitForEvent('download')
	await books.page.getByRole('link', { name: /(INV|RCT)-\d{6} \(PDF\)/ }).click()
	expect((await download).suggestedFilename()).toMatch(/(INV|RCT)-\d{6}.*\.pdf$/)
	const settings = await books.page.goto('/admin/settings')
	expect(settings!.status()).toBe(403)

	// The owner reads it all in the audit log, then signs the helper out everywhere.
	await visit(owner, '/admin/audit', { a11y: false })
	const log = owner.getByRole('list').filter({ hasText: 'Refund' }).last()
	await expect(log).toContainText(`${helperEmail}`)
	await expect(log).toContainText('£100.00: Goodwill')
	await expect(log).toContainText('Password and an authenticator code')
	await expect(log).toContainText('Authenticator app set up')
	await expect(log).toContainText('Invitation accepted')
	await visit(owner, '/admin/staff', { a11y: false })
	await owner
		.getByRole('button', { name: /^Sign Ewan Ross out everywhere$/ })
		.first()
		.click()
	await expect(owner.getByText(`${helperEmail} was signed out on`)).toBeVisible()
	await helper.page.goto('/admin')
	await expect(helper.page).not.toHaveURL(/\/admin$/)
	await helper.page.context().close()
	await books.page.context().close()
})
