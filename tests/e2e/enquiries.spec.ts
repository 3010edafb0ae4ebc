import { expect, test } from './admin-session'
import { uniqueEmail } from './factories'
import { STAFF_EMAIL, waitForEmail } from './mail'
import { visit } from './support'

test('ask for a price from an unpriced product, then the admin finds the enquiry and marks it replied', async ({
	adminPage: page,
	browser,
}) => {
	const email = uniqueEmail('enquirer')
	// Other tests' enquiries are in the same shop: this one is findable by its name.
	const name = `Ewan Grant ${Math.floor(Math.random() * 1e6)}`
	const customer = await browser.newPage()
	await visit(customer, '/pond-products/fittings/91')
	await customer.getByRole('link', { name: 'Ask for a price' }).click()
	await expect(customer).toHaveURL(/\/contact\?product=FT-1023/)
	await customer.locator('html[data-hydrated]').waitFor({ state: 'attached' })
	await expect(customer.getByLabel(/Product code/)).toHaveValue('FT-1023')
	await customer.getByRole('button', { name: 'Send message' }).click()
	// Beside the field (the error summary repeats it as a link).
	await expect(customer.locator('#enquiry-name-error')).toHaveText('Please enter your name')
	await customer.getByLabel('Your name').fill(name)
	await customer.getByLabel('Email').fill(email)
	await customer.getByLabel('Your message').fill('What would two of these cost delivered to Elgin?')
	await customer.getByRole('button', { name: 'Send message' }).click()
	await expect(
		customer.getByRole('heading', { name: 'Thank you: your message is with us' }),
	).toBeVisible()
	// Scrolled to, and clear of the sticky header (it hid the card's top at 360 px: the phone's
	// check is in form-errors.spec.ts).
	const headerBottom = await customer
		.locator('header')
		.first()
		.evaluate((header) => header.getBoundingClientRect().bottom)
	await expect
		.poll(() => customer.locator('#enquiry').evaluate((card) => card.getBoundingClientRect().top))
		.toBeGreaterThanOrEqual(headerBottom)
	await waitForEmail(email, /within 24 hours/)
	await waitForEmail(STAFF_EMAIL, /two of these cost delivered to Elgin/)

	await visit(page, `/admin/enquiries?q=${encodeURIComponent(name)}`)
	await page.getByRole('link', { name: new RegExp(name) }).click()
	await expect(page).toHaveURL(/\/admin\/enquiries\/EN-/)
	await expect(page.getByText('What would two of these cost delivered to Elgin?')).toBeVisible()
	await page.getByRole('radio', { name: 'Replied' }).check()
	await page.getByLabel('Notes (staff only)').fill('Quoted by phone.')
	await page.getByRole('button', { name: 'Save' }).click()
	await expect(page.getByText('Saved.')).toBeVisible()
	await visit(page, `/admin/enquiries?status=replied&q=${encodeURIComponent(name)}`)
	await expect(page.getByRole('link', { name: new RegExp(name) })).toBeVisible()
	await customer.close()
})
