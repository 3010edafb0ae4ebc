import { DEFAULT_DELIVERY_SETTINGS } from '../../app/lib/delivery/zones'
import { penceToInput } from '../../app/lib/money'
import { expect, test } from './admin-session'
import { newCustomerWithOrder } from './factories'
import { expectNoA11yViolations, visit } from './support'

test('a suggested delivery cost for a pallet to Inverness is used in one click, and recorded', async ({
	adminPage: page,
	browser,
	baseURL,
}) => {
	const customer = await newCustomerWithOrder(browser, baseURL!, { pallet: true })
	await visit(page, `/admin/orders/${customer.orderId}`)
	const modal = page.getByRole('dialog', { name: `Order ${customer.orderId}` })
	const suggestion = modal.getByTestId('suggestion')
	await expect(suggestion).toContainText('Suggested: £35.00')
	await expect(suggestion).toContainText(
		'Local van (Inverness & Moray Firth) (IV2) · 1 pallet = £35.00',
	)
	await suggestion.getByRole('button', { name: 'Use £35.00' }).click()
	await expect(modal.getByLabel('Delivery cost (£)')).toHaveValue('35.00')
	await modal.getByRole('button', { name: 'Set Delivery Cost' }).click()
	await expect(modal.getByRole('status').first()).toHaveText(
		'Delivery cost set and payment link created successfully',
	)
	await expect(
		modal.getByText(/Suggested: Local van .* = £35\.00\. Delivery £35\.00/),
	).toBeVisible()
	await expect(modal.getByText('Price held until')).toBeVisible()
	await customer.context.close()
})

test('Belfast is priced, Jersey pallets and a lorry-less drive are explained, not guessed', async ({
	adminPage: page,
	browser,
	baseURL,
}) => {
	const belfast = await newCustomerWithOrder(browser, baseURL!, { postcode: 'BT1 1AA' })
	const jersey = await newCustomerWithOrder(browser, baseURL!, {
		postcode: 'JE2 3AB',
		pallet: true,
	})
	const noLorry = await newCustomerWithOrder(browser, baseURL!, {
		pallet: true,
		siteAccess: { lorryAccess: 'no', gateWidthCm: 90, tailLift: 'yes' },
	})
	await visit(page, `/admin/orders/${belfast.orderId}`)
	await expect(page.getByTestId('suggestion')).toContainText(
		'Northern Ireland (BT1) · 1 parcel = £24.95',
	)
	await visit(page, `/admin/orders/${jersey.orderId}`)
	await expect(page.getByTestId('suggestion')).toContainText(
		'There is no pallet service to Channel Islands: ask the courier for a price.',
	)
	await visit(page, `/admin/orders/${noLorry.orderId}`)
	await expect(page.getByTestId('suggestion')).toContainText('7.5-tonne lorry cannot reach them')
	await expect(
		page.getByText('7.5-tonne lorry access: No; narrowest gate or path: 90 cm'),
	).toBeVisible()
	for (const c of [belfast, jersey, noLorry]) await c.context.close()
})

test('changing the Highlands pallet price changes the next suggestion', async ({
	adminPage: page,
	browser,
	baseURL,
}) => {
	await visit(page, '/admin/delivery')
	const highlands = page.getByRole('group', { name: 'Scottish Highlands & islands' })
	const pallet = highlands.getByLabel('Pallet (£)')
	// The shipped default, which other tests expect, not whatever the page shows now.
	const original = penceToInput(
		DEFAULT_DELIVERY_SETTINGS.zones.find((z) => z.id === 'highlands')!.palletPence,
	)
	const save = async (price: string) => {
		await pallet.fill(price)
		await page.getByRole('button', { name: 'Save delivery rates' }).click()
	}
	try {
		await save('-1')
		// The error summary takes focus and its link leads to the field, whose message is beside it.
		const summary = page.getByTestId('error-summary')
		await expect(summary).toBeFocused()
		// It says which of the eight zones, and which price.
		const message =
			'Scottish Highlands & islands, pallet price: Enter a price in pounds, 0 or more (e.g. 12.50)'
		await summary.getByRole('link', { name: message }).click()
		await expect(pallet).toBeFocused()
		await expect(page.locator(`#${await pallet.getAttribute('aria-describedby')}`)).toHaveText(
			message,
		)
		await save('79.50')
		await expect(
			page.getByText('Delivery rates saved. New suggestions use them straight away.'),
		).toBeVisible()
		await expectNoA11yViolations(page)
		const customer = await newCustomerWithOrder(browser, baseURL!, {
			postcode: 'KW1 4YT',
			pallet: true,
		})
		await visit(page, `/admin/orders/${customer.orderId}`)
		await expect(page.getByTestId('suggestion')).toContainText('Suggested: £79.50')
		await customer.context.close()
	} finally {
		// Other tests read the same rate table: put it back.
		await visit(page, '/admin/delivery', { a11y: false })
		await save(original)
		await expect(
			page.getByText('Delivery rates saved. New suggestions use them straight away.'),
		).toBeVisible()
	}
})
