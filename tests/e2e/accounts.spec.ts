import { expect, type Page, test } from '@playwright/test'
import { E2E_ADMIN } from '../../playwright.config'
import { waitForEmail } from './mail'
import { visit } from './support'

const unique = () => `user-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.co.uk`

async function signOut(page: Page) {
	await page.getByRole('button', { name: 'Sign Out' }).click()
	await expect(page).toHaveURL(/\/$/)
}

async function register(page: Page, email: string, password = 'pond keeper 2026') {
	await visit(page, '/auth?mode=register')
	await page.getByLabel('First name').fill('Fiona')
	await page.getByLabel('Last name').fill('Grant')
	await page.getByLabel('Email').fill(email)
	await page.getByLabel('Password', { exact: true }).fill(password)
	await page.getByLabel('Confirm password').fill(password)
	await page.getByRole('button', { name: 'Create Account' }).click()
	await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible()
}

test('register, sign out, sign in again; the nav says Account when signed in', async ({ page }) => {
	const email = unique()
	await register(page, email)
	await expect(page.getByText('Registered User')).toBeVisible()
	const nav = page.getByRole('navigation', { name: 'Main' })
	await expect(nav.getByRole('link', { name: 'Account' })).toBeVisible()
	await page.getByRole('button', { name: 'Sign Out' }).click()
	await expect(page).toHaveURL(/\/$/)
	await expect(nav.getByRole('link', { name: 'Login' })).toBeVisible()
	await visit(page, '/auth')
	await page.getByLabel('Email').fill(email)
	await page.getByLabel('Password').fill('pond keeper 2026')
	await page.getByRole('button', { name: 'Sign In' }).click()
	await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible()
	await waitForEmail(email, /Welcome to your account/)
})

test('the form shows the spec messages, clears them when switching mode, and rate-limits guessing', async ({
	page,
}) => {
	const email = unique()
	await register(page, email)
	await signOut(page)
	await visit(page, '/auth')
	await page.getByRole('button', { name: 'Sign In' }).click()
	await expect(page.getByRole('alert')).toContainText('Please enter both email and password')
	await page.getByRole('link', { name: 'Create Account' }).click()
	await expect(page.getByRole('alert')).toHaveCount(0)
	await page.getByRole('link', { name: 'Sign In' }).first().click()
	// The switch back to sign in is a client navigation: wait for the register fields to go.
	await expect(page.getByLabel('Confirm password')).toHaveCount(0)
	for (let i = 0; i < 5; i++) {
		await page.getByLabel('Email').fill(email)
		await page.getByLabel('Password').fill(`wrong guess ${i}`)
		await page.getByRole('button', { name: 'Sign In' }).click()
		await expect(page.getByRole('alert')).toContainText(
			'Invalid email or password. Please try again.',
		)
		await expect(page.getByLabel('Email')).toHaveValue(email)
	}
	await page.getByLabel('Password').fill('pond keeper 2026')
	await page.getByRole('button', { name: 'Sign In' }).click()
	await expect(page.getByRole('alert')).toContainText(
		'Too many failed login attempts. Please try again later.',
	)
})

test('reset the password with the link from the email', async ({ page }) => {
	const email = unique()
	await register(page, email)
	await signOut(page)
	await visit(page, '/auth?mode=reset')
	await page.getByLabel('Email').fill(email)
	await page.getByRole('button', { name: 'Send Reset Email' }).click()
	await expect(
		page.getByRole('status').filter({ hasText: 'Password reset email sent' }),
	).toHaveText('Password reset email sent. Please check your inbox (and spam folder).')
	await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible()
	const mail = await waitForEmail(email, /reset-password\?token=/)
	const link = /(http:\/\/localhost:\d+\/auth\/reset-password\?token=[\w%-]+)/.exec(mail)![1]!
	await visit(page, link)
	await page.getByLabel('New password', { exact: true }).fill('a fresh password')
	await page.getByLabel('Confirm new password').fill('a fresh passwort')
	await page.getByRole('button', { name: 'Set new password' }).click()
	await expect(page.getByTestId('error-summary')).toBeFocused()
	await page.getByRole('link', { name: 'Passwords do not match' }).click()
	await expect(page.getByLabel('Confirm new password')).toBeFocused()
	await page.getByLabel('Confirm new password').fill('a fresh password')
	await page.getByRole('button', { name: 'Set new password' }).click()
	await expect(
		page.getByText('Your password has been changed. Please sign in with your new password.'),
	).toBeVisible()
	await page.getByLabel('Email').fill(email)
	await page.getByLabel('Password').fill('a fresh password')
	await page.getByRole('button', { name: 'Sign In' }).click()
	await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible()
	await visit(page, link, { a11y: false })
	await expect(page.getByText('has expired or has already been used')).toBeVisible()
})

test('edit saved delivery details, download my data, delete the account', async ({ page }) => {
	const email = unique()
	await register(page, email)
	await page.getByLabel('Address line 1').fill('3 Harbour Street')
	await page.getByLabel('Town or city').fill('Nairn')
	await page.getByLabel('Postcode').fill('iv12 4nl')
	await page.getByLabel('Phone number').fill('123')
	await page.getByRole('button', { name: 'Save details' }).click()
	await expect(page.locator('#delivery-phone-error')).toHaveText(
		/Please enter a valid phone number/,
	)
	await page.getByLabel('Phone number').fill('01667 456789')
	await expect(page.getByText('Please enter a valid phone number')).toHaveCount(0)
	await page.getByRole('button', { name: 'Save details' }).click()
	await expect(page.getByText('Your delivery details have been saved.')).toBeVisible()
	await page.reload()
	await expect(page.getByLabel('Postcode')).toHaveValue('IV12 4NL')
	const download = page.waitForEvent('download')
	await page.getByRole('link', { name: 'Download my data' }).click()
	const file = await (await download).path()
	const exported = JSON.parse(await (await import('node:fs/promises')).readFile(file, 'utf8'))
	expect(exported.profile).toMatchObject({ email, city: 'Nairn' })
	await page.locator('summary', { hasText: 'Delete my account' }).click()
	await page.getByLabel('I understand that my account will be deleted permanently.').check()
	await page.getByLabel('Your current password').fill('not my password')
	await page.getByRole('button', { name: 'Delete my account' }).click()
	await expect(page.locator('#account-delete-currentPassword-error')).toHaveText(
		'Your current password is not correct. Please try again.',
	)
	await page.getByLabel('I understand that my account will be deleted permanently.').check()
	await page.getByLabel('Your current password').fill('pond keeper 2026')
	await page.getByRole('button', { name: 'Delete my account' }).click()
	await expect(page).toHaveURL(/\/\?account=deleted$/)
	await visit(page, '/auth', { a11y: false })
	await page.getByLabel('Email').fill(email)
	await page.getByLabel('Password').fill('pond keeper 2026')
	await page.getByRole('button', { name: 'Sign In' }).click()
	await expect(page.getByRole('alert')).toContainText(
		'Invalid email or password. Please try again.',
	)
})

test('an admin made with the CLI sees the Admin link; a customer is refused', async ({
	page,
	browser,
}) => {
	await visit(page, '/auth')
	await page.getByLabel('Email').fill(E2E_ADMIN.email)
	await page.getByLabel('Password').fill(E2E_ADMIN.password)
	await page.getByRole('button', { name: 'Sign In' }).click()
	await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).click()
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admin Dashboard')

	const customer = await browser.newPage()
	await register(customer, unique())
	await expect(
		customer.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }),
	).toHaveCount(0)
	const response = await visit(customer, '/admin')
	expect(response?.status()).toBe(403)
	await expect(customer.getByRole('heading', { level: 1 })).toHaveText('Access Denied')
	await expect(
		customer.getByText('You do not have permission to access the admin area.'),
	).toBeVisible()
	await customer.getByRole('link', { name: 'Return to Home' }).click()
	await expect(customer).toHaveURL(/\/$/)
})

test('a redirectTo hiding a tab keeps a signed-in customer on the site', async ({
	page,
	baseURL,
}) => {
	await register(page, unique())
	// Where the server's redirects ended, not page.url(): /checkout with an empty cart goes on to
	// /cart once hydrated, and a CI run read the address after that.
	const response = await page.goto('/checkout-auth?redirectTo=%2F%09%2Fevil.example')
	expect(new URL(response!.url()).origin).toBe(new URL(baseURL!).origin)
	expect(new URL(response!.url()).pathname).toBe('/checkout')
})

test('signed in, the shop window comes from the shared cache yet the first paint already shows Account (and Admin for staff)', async ({
	page,
}) => {
	await register(page, unique())
	// No JavaScript file loads (no hydration, no confirmation request): only the hint script in <head>.
	// Nor pictures: the navigation is the point, and drawing them on first request cost CPU time.
	await page.route(/\.js(\?|$)|\/images\//, (route) => route.abort())
	const nav = page.getByRole('navigation', { name: 'Main' })
	for (const path of ['/', '/pond-products', '/portfolio/pond3']) {
		const response = await page.goto(path)
		expect(response?.headers()['x-page-cache'], path).toMatch(/hit|miss/)
		await expect(nav.getByRole('link', { name: 'Account' })).toBeVisible()
		await expect(nav.getByRole('link', { name: 'Login' })).toHaveCount(0)
		await expect(nav.getByRole('link', { name: 'Admin' })).toHaveCount(0)
	}
	await page.unroute(/\.js(\?|$)|\/images\//)
	await visit(page, '/auth')
	await signOut(page)

	await visit(page, '/auth')
	await page.getByLabel('Email').fill(E2E_ADMIN.email)
	await page.getByLabel('Password').fill(E2E_ADMIN.password)
	await page.getByRole('button', { name: 'Sign In' }).click()
	await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible()
	await page.route(/\.js(\?|$)/, (route) => route.abort())
	await page.goto('/pond-products/pumps')
	await expect(nav.getByRole('link', { name: 'Admin' })).toBeVisible()
	await expect(nav.getByRole('link', { name: 'Account' })).toBeVisible()
})

test('My Account keeps its heading and says it is loading while its screens arrive', async ({
	page,
}) => {
	await register(page, unique())
	// Hold back the lazily loaded account screens, as a slow connection would.
	let release = () => {}
	const held = new Promise<void>((resolve) => {
		release = resolve
	})
	await page.route(/account-screens.*\.js$/, async (route) => {
		await held
		await route.continue()
	})
	await page.goto('/')
	await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
	await page
		.getByRole('navigation', { name: 'Main' })
		.getByRole('link', { name: 'Account' })
		.click()
	await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible()
	await expect(page.getByRole('status').filter({ hasText: 'Loading your account' })).toBeVisible()
	release()
	await expect(page.getByRole('navigation', { name: 'Account sections' })).toBeVisible()
})
