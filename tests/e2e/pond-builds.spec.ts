import { expect, test } from './admin-session'
import { uniqueEmail } from './factories'
import { STAFF_EMAIL, waitForEmail } from './mail'
import { smallPhoto } from './photos'
import { visit } from './support'

/**
 * Issue 59, first slice, as a customer and the owner meet it: 'Plan a pond' from /services with a
 * site photo, a survey booked on the project page, the invite in the inbox, and the project on
 * the admin board with its survey.
 */
test('plan a pond with a photo, book the survey, and find it on the admin board', async ({
	adminPage: admin,
	browser,
}) => {
	const email = uniqueEmail('pond')
	const name = `Isla Munro ${Math.floor(Math.random() * 1e6)}`
	const customer = await browser.newPage()
	await visit(customer, '/services')
	await customer.getByRole('link', { name: 'Plan a pond' }).click()
	await expect(customer).toHaveURL(/\/plan-a-pond$/)
	await customer.locator('html[data-hydrated]').waitFor({ state: 'attached' })
	await customer.getByRole('button', { name: 'Send my enquiry' }).click()
	await expect(customer.locator('#plan-postcode-error')).toHaveText(/Postcode is required/)
	await customer.getByLabel('Your name').fill(name)
	await customer.getByLabel('Email').fill(email)
	await customer.getByLabel('Phone').fill('01463 654321')
	await customer.getByLabel('Postcode of the site').fill('iv2 4sf')
	await customer.getByLabel('Address of the site').fill('4 Ness Bank, Inverness')
	await customer.getByLabel('Wildlife pond').check()
	await customer.getByLabel('Rough size or volume').fill('About 3 m across')
	await customer.getByLabel('Budget').selectOption('5-10k')
	await customer.getByLabel('When would you like the work done?').selectOption('3-months')
	await customer.getByLabel('How did you hear of us?').selectOption('recommendation')
	await customer.getByLabel(/Photos of the site/).setInputFiles({
		name: 'garden.jpg',
		mimeType: 'image/jpeg',
		buffer: await smallPhoto('#3a7a4a', { phone: true }),
	})
	await customer.getByRole('button', { name: 'Send my enquiry' }).click()
	await expect(customer).toHaveURL(/\/account\/projects\/PB-\w+\?key=/)
	await expect(customer.getByText('Thank you: your enquiry is with us')).toBeVisible()
	await expect(customer.getByRole('img', { name: 'View 1 of your site' })).toBeVisible()

	const firstSlot = customer.locator('input[name="slot"]:not([disabled])').first()
	const when = await firstSlot.evaluate((input) => (input as HTMLInputElement).value)
	await firstSlot.check()
	await customer.getByRole('button', { name: 'Book this survey time' }).click()
	await expect(customer.getByTestId('project-status')).toHaveText('Survey booked')
	await expect(customer.getByTestId('survey-time')).toContainText('(UK time)')
	const invite = await waitForEmail(email, /Your site survey is booked/)
	expect(invite).toContain('site-survey.ics')
	await waitForEmail(STAFF_EMAIL, new RegExp(`New pond enquiry from ${name}`))
	const projectId = /projects\/(PB-\w+)/.exec(customer.url())![1]!

	await visit(admin, '/admin/projects')
	const card = admin.locator(`[data-column="survey_booked"] [data-project-id="${projectId}"]`)
	await expect(card).toContainText(name)
	await card.getByRole('link', { name }).click()
	await expect(admin).toHaveURL(`/admin/projects/${projectId}`)
	await expect(admin.getByTestId('admin-survey-time')).toContainText(
		new Date(when).toLocaleTimeString('en-GB', {
			timeZone: 'Europe/London',
			hour: '2-digit',
			minute: '2-digit',
		}),
	)
	await expect(admin.getByRole('img', { name: /View 1 of the customer's site/ })).toBeVisible()
	await customer.close()
})
