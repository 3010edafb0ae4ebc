import { expect, type Page, test } from '@playwright/test'
import { TOTP_STEP_MS, totp } from '../support/totp'
import { PASSWORD, registerCustomer } from './factories'
import { visit } from './support'

/**
 * Issue 60 item 3 in a real browser: a customer turns on two-step sign-in with an authenticator
 * app (the code computed here from the key the page shows), adds a passkey (Chromium's virtual
 * authenticator over CDP), then signs in with each as the second step.
 */

const STEP_MS = TOTP_STEP_MS

async function signInWithPassword(page: Page, email: string) {
	await visit(page, '/auth', { a11y: false })
	await page.getByLabel('Email').fill(email)
	await page.getByLabel('Password').fill(PASSWORD)
	await page.getByRole('button', { name: 'Sign In' }).click()
	await expect(page.getByRole('heading', { name: 'Enter Your Sign-in Code' })).toBeVisible()
}

async function signOut(page: Page) {
	await page.context().clearCookies({ name: 'koi.session_token' })
}

test('a customer sets up an authenticator and a passkey, and signs in with each', async ({
	page,
	baseURL,
}) => {
	test.setTimeout(120_000)
	const email = await registerCustomer(page.request, baseURL!)
	await visit(page, '/account/security')
	await page.getByLabel('Your password').fill(PASSWORD)
	await page.getByRole('button', { name: 'Set up an authenticator app' }).click()
	await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible()
	const key = (await page.getByTestId('totp-secret').textContent()) ?? ''
	await page.getByLabel('Code from the app').fill(totp(key))
	const usedStep = Math.floor(Date.now() / STEP_MS)
	await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click()
	await expect(page.getByRole('heading', { name: 'Your backup codes' })).toBeVisible()
	await expect(page.getByRole('list', { name: 'Backup codes' }).getByRole('listitem')).toHaveCount(
		10,
	)

	// A passkey on a virtual authenticator (as a phone's or laptop's built-in one would be).
	const cdp = await page.context().newCDPSession(page)
	await cdp.send('WebAuthn.enable')
	await cdp.send('WebAuthn.addVirtualAuthenticator', {
		options: {
			protocol: 'ctap2',
			transport: 'internal',
			hasResidentKey: true,
			hasUserVerification: true,
			isUserVerified: true,
		},
	})
	await visit(page, '/account/security', { a11y: false })
	await page.getByRole('button', { name: 'Add a passkey' }).click()
	await expect(page.getByText(/^Passkey, added/)).toBeVisible()

	// Second step with the passkey.
	await signOut(page)
	await signInWithPassword(page, email)
	await page.getByRole('button', { name: 'Use a passkey' }).click()
	await expect(page).toHaveURL(/\/auth$/)
	await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible()

	// Second step with a code from the app: a new one (the set-up's code was used up).
	await signOut(page)
	await signInWithPassword(page, email)
	const wait = (usedStep + 1) * STEP_MS - Date.now()
	if (wait > 0) await page.waitForTimeout(wait + 200)
	await page.getByLabel('Code', { exact: true }).fill(totp(key))
	await page.getByRole('button', { name: 'Continue' }).click()
	await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible()
	await visit(page, '/account/security')
	await expect(page.getByText('This device')).toBeVisible()
})
