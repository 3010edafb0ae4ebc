import { execFileSync } from 'node:child_process'
import { expect, test } from './admin-session'
import { uniqueEmail } from './factories'
import { STAFF_EMAIL, waitForEmail } from './mail'
import { smallPhoto } from './photos'
import { sendBuildEnquiry } from './shop-states'
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

/**
 * Issue 59 end to end, as the owner and the customer meet it: a quote made from a template with
 * two optional lines, accepted with one option and a typed name, the deposit and a stage paid by
 * card (the test provider), the last stage by bank transfer, the build completed, its final
 * account read back from the PDF, a portfolio draft made and the customer asked for a testimonial.
 * Wall-clock: the owner's pages are posted where the builder's own tests click them.
 */
test('a quote from a template, accepted with an option, paid in stages and finished', async ({
	adminPage: admin,
	browser,
	baseURL,
}) => {
	test.setTimeout(120_000)
	const post = (url: string, form: Record<string, string>) =>
		admin.request.post(url, { form, headers: { origin: baseURL! }, maxRedirects: 0 })
	const versionOf = async (url: string) =>
		/name="version" value="(\d+)"/.exec(await (await admin.request.get(url)).text())?.[1] ?? '1'
	const surveyed = async (id: string) => {
		const url = `/admin/projects/${id}`
		expect(
			(
				await post(url, { intent: 'status', status: 'surveyed', version: await versionOf(url) })
			).status(),
		).toBe(302)
	}
	const draftOn = async (id: string, from: string) => {
		const made = await post(`/admin/projects/${id}`, { intent: 'new-quote', from })
		return made.headers().location!
	}

	// The owner saves a template from another project's draft: two optional lines.
	const other = await sendBuildEnquiry(admin, baseURL!)
	await surveyed(other.id)
	const templateName = `Koi pond ${Math.floor(Math.random() * 1e6)}`
	const saved = await post(await draftOn(other.id, 'blank'), {
		intent: 'save-template',
		templateName,
		title: 'Raised koi pond, 5 m by 3 m',
		intro: 'As we discussed on site.',
		terms: 'You may cancel within 14 days of accepting.',
		validUntil: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
		'lines.0.section': 'Excavation',
		'lines.0.description': 'Dig out and remove the spoil',
		'lines.0.quantity': '1',
		'lines.0.price': '3000.00',
		'lines.1.section': 'Filtration',
		'lines.1.description': 'UV clarifier 55 W',
		'lines.1.quantity': '1',
		'lines.1.price': '400.00',
		'lines.1.optional': 'on',
		'lines.2.section': 'Landscaping',
		'lines.2.description': 'Slate edging',
		'lines.2.quantity': '10',
		'lines.2.price': '50.00',
		'lines.2.optional': 'on',
		'stages.0.label': 'Deposit on acceptance',
		'stages.0.kind': 'percent',
		'stages.0.amount': '25',
		'stages.0.due': 'acceptance',
		'stages.1.label': 'Liner stage',
		'stages.1.kind': 'percent',
		'stages.1.amount': '50',
		'stages.1.due': 'stage',
		'stages.2.label': 'On completion',
		'stages.2.kind': 'percent',
		'stages.2.amount': '25',
		'stages.2.due': 'completion',
	})
	expect(saved.status()).toBeLessThan(400)

	// This customer's build: a new quote from that template, sent from the builder.
	const customer = await browser.newPage()
	const build = await sendBuildEnquiry(customer, baseURL!)
	await surveyed(build.id)
	await visit(admin, `/admin/projects/${build.id}`, { a11y: false })
	await admin
		.getByLabel('Start the new quote from')
		.selectOption({ label: `Template: ${templateName}` })
	await admin.getByRole('button', { name: 'New quote' }).click()
	await expect(admin.getByLabel('Title').first()).toHaveValue('Raised koi pond, 5 m by 3 m')
	await admin.getByRole('button', { name: 'Save and send to the customer' }).click()
	await expect(admin.getByText('Quote sent')).toBeVisible()

	// The customer ticks one option, signs and pays the deposit.
	const projectPage = `/account/projects/${build.id}?key=${build.key}`
	await visit(customer, projectPage)
	await customer
		.getByRole('link', { name: /Raised koi pond/ })
		.first()
		.click()
	await customer.locator('html[data-hydrated]').waitFor({ state: 'attached' })
	await expect(customer.getByTestId('quote-total')).toHaveText('£3,000.00')
	await customer.getByLabel(/UV clarifier 55 W/).check()
	await expect(customer.getByTestId('quote-total')).toHaveText('£3,400.00')
	await customer.screenshot({ path: test.info().outputPath('quote-desktop.png'), fullPage: true })
	await customer.getByLabel('Your full name (your signature)').fill('Isla Munro')
	await customer.getByRole('button', { name: 'Accept and pay deposit' }).click()
	await expect(customer).toHaveURL(/\/pay\//)
	await customer.getByRole('button', { name: 'Pay £850.00 now' }).click()
	await expect(customer.getByRole('heading', { name: 'Payment received' })).toBeVisible()

	// The liner stage is reached: its link, paid by card; the last stage by bank transfer.
	await visit(admin, `/admin/projects/${build.id}`, { a11y: false })
	await admin.getByRole('button', { name: 'Mark stage reached and email the link' }).first().click()
	await expect(admin.getByText(/due/i).first()).toBeVisible()
	await visit(customer, projectPage)
	await customer.getByRole('link', { name: 'Pay £1,700.00 now' }).click()
	await customer.getByRole('button', { name: 'Pay £1,700.00 now' }).click()
	await expect(customer.getByRole('heading', { name: 'Payment received' })).toBeVisible()
	await visit(admin, `/admin/projects/${build.id}`, { a11y: false })
	await admin.getByLabel('Bank transfer reference').last().fill('MUNRO POND')
	await admin.getByLabel('Date received').last().fill(new Date().toISOString().slice(0, 10))
	await admin.getByRole('button', { name: 'Record £850.00 paid by bank transfer' }).click()
	await expect(admin.getByText(/paid .* by bank transfer/)).toBeVisible()

	// Completed: the final account shows every payment and nothing left to pay. (A fresh page: the
	// status form carries the project's version, which the transfer just moved on.)
	await visit(admin, `/admin/projects/${build.id}`, { a11y: false })
	await admin.getByLabel('Move to').selectOption({ label: 'Completed' })
	await admin.getByRole('button', { name: 'Change status' }).click()
	await expect(admin.getByRole('button', { name: 'Create portfolio draft' })).toBeVisible()
	const html = await (await admin.request.get(`/admin/projects/${build.id}`)).text()
	const finalAccount = /\/admin\/projects\/PB-\w+\/documents\/(FA-\d{6})/.exec(html)![0]!
	const pdf = await (await admin.request.get(finalAccount)).body()
	const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString()
	expect(text).toContain('£3,400.00')
	for (const amount of ['£850.00', '£1,700.00']) expect(text).toContain(amount)
	expect(text).toMatch(/Balance[^\n]*£0\.00/)

	// A portfolio draft from the build, and the customer asked for a testimonial.
	await admin.getByRole('button', { name: 'Create portfolio draft' }).click()
	await expect(admin.getByRole('link', { name: /portfolio/i }).first()).toBeVisible()
	expect(await waitForEmail(build.email, /How did we do\?/)).toContain(build.id)
	await customer.setViewportSize({ width: 360, height: 780 })
	await visit(customer, projectPage)
	await customer.screenshot({ path: test.info().outputPath('project-phone.png'), fullPage: true })
	await customer.close()
})
