import fs from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sellerFor } from '~/.server/business/details'
import { startTestApp, type TestApp } from '../support/app'
import { createAdmin } from '../support/factories'
import { TestClient } from '../support/session'

let app: TestApp
let admin: TestClient
const csv =
	'name,code,image_url,product_url,vendor,category,price,available_sizes,option_price_pairs,selected_size,selected_option,original_name\nPump,P-1,/images/p.jpg,,Oase,pumps,10.00,,,,,\n'

beforeAll(async () => {
	// A page cache, as in production: a save must drop pages rendered with the old details.
	app = await startTestApp({ VAT_NUMBER: 'GB999999973' }, { catalogCsv: csv, pageCacheMs: 60_000 })
	admin = (await createAdmin(app)).client
})
afterAll(async () => {
	await app?.close()
})

const valid = {
	tradingName: 'Moray Pond Centre',
	legalName: 'Moray Pond Centre Ltd',
	address: '2 Harbour Street\nNairn\nIV12 4NX',
	phone: '01667 555 123',
	email: 'shop@moraypond.example',
	hours: 'Tuesday-Sunday 10:00 AM to 4:00 PM',
	hoursShort: 'Tue-Sun, 10AM-4PM',
	vatNumber: 'gb 123 4567 89',
	companyNumber: 'SC123456',
	facebookUrl: 'https://www.facebook.com/moraypond',
}

describe('/admin/settings: business details', () => {
	it('refuses a bad value with a message naming the field, and changes nothing', async () => {
		const cases: Array<[Partial<typeof valid>, RegExp]> = [
			[{ vatNumber: 'GB123' }, /VAT number must be GB followed by 9 digits/],
			[{ email: 'not an email' }, /Email must be an email address/],
			[{ address: 'Just one line' }, /Address needs 2 to 6 lines/],
			[{ address: '2 Harbour Street\nNairn' }, /Address must end with a UK postcode/],
			[{ tradingName: '' }, /Trading name is required/],
			[{ facebookUrl: 'https://evil.example/x' }, /Facebook link must be/],
			[{ companyNumber: '12' }, /Company number must be 8 characters/],
		]
		for (const [bad, message] of cases) {
			const res = await admin.post('/admin/settings', { ...valid, ...bad })
			expect(res.status, String(message)).toBe(400)
			expect(await res.text()).toMatch(message)
		}
		expect(await (await new TestClient(app).request('/')).text()).toContain('Highland Koi')
	})

	it('a save shows on every page at once: header, footer, titles, contact, terms, structured data', async () => {
		const visitor = new TestClient(app)
		expect(await (await visitor.request('/')).text()).toContain('Highland Koi &amp; Ponds')
		const res = await admin.post('/admin/settings', valid)
		expect(res.status).toBe(200)
		const home = await (await visitor.request('/')).text()
		expect(home).not.toContain('Highland Koi')
		expect(home).toContain('Moray Pond Centre')
		expect(home).toContain('01667 555 123')
		expect(home).toContain('href="tel:+441667555123"')
		expect(home).toContain('2 Harbour Street, Nairn, IV12 4NX')
		expect(home).toContain('"vatID":"GB123456789"')
		expect(home).toContain('https://www.facebook.com/moraypond/reviews')
		const contact = await (await visitor.request('/contact')).text()
		expect(contact).toContain('shop@moraypond.example')
		expect(contact).toContain('Tuesday-Sunday 10:00 AM to 4:00 PM')
		expect(contact).toMatch(/<title>Contact Us \| Moray Pond Centre<\/title>/)
		const about = await (await visitor.request('/about')).text()
		expect(about).toContain('About Moray Pond Centre')
		const terms = await (await visitor.request('/terms-and-conditions')).text()
		expect(terms).toContain('2 Harbour Street, Nairn, IV12 4NX, United Kingdom')
		// Stored normalised; the admin page shows who saved it.
		const page = await (await admin.request('/admin/settings')).text()
		expect(page).toContain('value="GB123456789"')
	})

	it('invoices and emails use the details; the settings VAT number wins over VAT_NUMBER', async () => {
		const seller = await sellerFor(app.database.db, 'GB999999973')
		expect(seller.vatNumber).toBe('GB123456789')
		expect(seller.details.legalName).toBe('Moray Pond Centre Ltd')
		// An enquiry's emails, as the app's outbox writes them.
		const sent = await new TestClient(app).post('/contact', {
			name: 'Isla Grant',
			email: 'isla@example.co.uk',
			phone: '01463 123456',
			topic: 'pond',
			message: 'A pond for the garden, please: about four metres by three.',
			website: '',
		})
		expect(sent.status).toBe(302)
		await app.runtime.outbox.runOnce()
		const emails = fs
			.readdirSync(app.outboxDir)
			.map((f) => fs.readFileSync(`${app.outboxDir}/${f}`, 'utf8'))
		expect(emails.length).toBeGreaterThan(0)
		const text = emails.join('\n').replace(/=\r?\n/g, '')
		expect(text).toContain('Moray Pond Centre')
		expect(text).toContain('call us on 01667 555 123')
		await admin.post('/admin/settings', { ...valid, vatNumber: '' })
		expect((await sellerFor(app.database.db, 'GB999999973')).vatNumber).toBe('GB999999973')
		expect((await sellerFor(app.database.db, undefined)).vatNumber).toBeNull()
	})
})
