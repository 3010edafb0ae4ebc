import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { purgeAuditBefore, recordAudit } from '~/.server/audit/audit-log'
import { auditLog, orders, refunds, session, staffInvitations, user } from '~/.server/db/schema'
import { deliveredOrder } from '../support/after-sale'
import { buildEnquiryFields, sendBuildEnquiry } from '../support/build-enquiry'
import { insertQuoteForTest } from '../support/build-quotes'
import { createCustomer, insertOrder, uniqueEmail } from '../support/factories'
import { emailsTo } from '../support/order-links'
import { TestClient } from '../support/session'
import { adminDoes, pageText, setUpShop } from '../support/shop'

/**
 * Issue 60 items 1, 2 and 5, as the owner would try them: invite a helper and a bookkeeper, the
 * helper refunds within the limit and is refused over it, the bookkeeper reads but changes
 * nothing, roles change and people are removed (signed out at once), and every step is in the
 * audit log.
 */
const shop = setUpShop({ withAdmin: true })
const db = () => shop.app.database.db
const PASSWORD = 'a long pond password'
const entries = async (kind: string) =>
	(await db().select().from(auditLog)).filter((e) => e.kind === kind)
const keyIn = (html: string) => /name="refundKey" value="([^"]+)"/.exec(html)![1]!

/** The owner invites `email`; the link from the email is accepted with a new password. */
async function invite(email: string, role: 'staff' | 'bookkeeper') {
	const sent = await shop.admin.client.post('/admin/staff', { intent: 'invite', email, role })
	expect(sent.status).toBe(200)
	expect(await pageText(sent)).toContain(`Invitation sent to ${email}`)
	const [eml] = await emailsTo(shop.app, email)
	const link = /https?:\/\/[^/\s"]+(\/auth\/invite\/[\w-]{43})/.exec(eml!)![1]!
	return link
}

async function accept(link: string, email: string) {
	const page = await new TestClient(shop.app).request(link)
	expect(await pageText(page)).toContain(email)
	const joined = await new TestClient(shop.app).post(link, {
		firstName: 'Rhian',
		lastName: 'Evans',
		password: PASSWORD,
		confirmPassword: PASSWORD,
	})
	expect(joined.status).toBe(302)
	const client = new TestClient(shop.app)
	const signedIn = await client.post('/auth', { intent: 'signin', email, password: PASSWORD })
	expect(signedIn.status).toBeLessThan(400)
	return client
}

describe('staff invitations, roles and the audit log', () => {
	it('invites by email with a one-time 72-hour link, and refuses it used twice or late', async () => {
		const email = uniqueEmail('helper')
		const link = await invite(email, 'staff')
		const helper = await accept(link, email)
		expect((await helper.request('/admin')).status).toBe(200)
		expect((await helper.request('/admin/settings')).status).toBe(403)
		// Used twice: refused, and no second account.
		const again = await new TestClient(shop.app).post(link, {
			firstName: 'Someone',
			lastName: 'Else',
			password: PASSWORD,
			confirmPassword: PASSWORD,
		})
		expect(again.status).toBe(400)
		expect(await pageText(again)).toContain(
			'This invitation link has expired or has already been used',
		)
		// Past its 72 hours.
		const late = uniqueEmail('late')
		const lateLink = await invite(late, 'bookkeeper')
		await db()
			.update(staffInvitations)
			.set({ expiresAt: new Date(Date.now() - 1000) })
			.where(eq(staffInvitations.email, late))
		expect(await pageText(await new TestClient(shop.app).request(lateLink))).toContain(
			'This invitation link has expired',
		)
		const [row] = await db()
			.select()
			.from(staffInvitations)
			.where(eq(staffInvitations.email, email))
		expect(row!.tokenHash).not.toContain(link.split('/').pop())
		expect((await entries('staff.invite')).map((e) => e.subject)).toContain(email)
		expect((await entries('staff.join')).map((e) => e.subject)).toContain(email)
	})

	it('lets staff refund up to the limit and names the limit over it; the owner has none', async () => {
		const email = uniqueEmail('helper')
		const helper = await accept(await invite(email, 'staff'), email)
		const customer = await createCustomer(shop.app)
		const order = await deliveredOrder(shop.app, {
			userId: customer.id,
			email: customer.email,
			status: 'paid',
		})
		const view = `/admin/orders/${order.id}`
		const refund = async (client: TestClient, amount: string) =>
			client.post(view, {
				intent: 'refund',
				amount,
				reason: 'Goodwill',
				refundKey: keyIn(await pageText(await client.request(view))),
			})
		expect(await pageText(await refund(helper, '100'))).toContain('Refunded £100.00')
		const over = await refund(helper, '400')
		expect(await pageText(over)).toContain('Refunds over £250.00 need the owner.')
		expect(await db().select().from(refunds).where(eq(refunds.orderId, order.id))).toHaveLength(1)
		// The owner raises nothing and refunds £300 (owners have no limit).
		expect(await pageText(await refund(shop.admin.client, '300'))).toContain('Refunded £300.00')
		const audited = (await entries('order.refund')).filter((e) => e.subject === order.id)
		expect(audited.map((e) => [e.actorEmail, e.detail])).toEqual([
			[email, '£100.00: Goodwill'],
			[shop.admin.email, '£300.00: Goodwill'],
		])
		// A cancellation refunds the rest (£74.97), within the limit: staff may.
		const [row] = await db().select().from(orders).where(eq(orders.id, order.id))
		const cancelled = await helper.post(view, {
			intent: 'cancel',
			version: String(row!.version),
			confirmed: 'yes',
		})
		expect(await pageText(cancelled)).toContain('cancelled')
		const [entry] = (await entries('order.cancel')).filter((e) => e.subject === order.id)
		expect(entry!.changes).toContainEqual({ field: 'status', from: 'paid', to: 'cancelled' })
	})

	it('changes roles at once, keeps the last owner, and removing someone signs them out', async () => {
		const email = uniqueEmail('books')
		const bookkeeper = await accept(await invite(email, 'bookkeeper'), email)
		expect((await bookkeeper.request('/admin/money')).status).toBe(200)
		expect((await bookkeeper.request('/admin/requests')).status).toBe(403)
		// A bookkeeper's hand-made post to an owner-only form: 403, nothing changed, one entry.
		const before = await db().select().from(user).where(eq(user.email, email))
		const forged = await bookkeeper.post('/admin/staff', {
			intent: 'change-role',
			userId: before[0]!.id,
			role: 'owner',
		})
		expect(forged.status).toBe(403)
		expect((await db().select().from(user).where(eq(user.email, email)))[0]!.role).toBe(
			'bookkeeper',
		)
		expect((await entries('access.denied')).map((e) => e.actorEmail)).toContain(email)
		// Pond builds, read as orders are (their stage payments and invoices), without a form.
		const enquiry = await sendBuildEnquiry(new TestClient(shop.app), buildEnquiryFields())
		const buildId = /PB-[A-Z0-9]{6}/.exec(enquiry.headers.get('location') ?? '')![0]
		expect(await pageText(await bookkeeper.request('/admin/projects'))).toContain('Morag Fraser')
		const build = await pageText(await bookkeeper.request(`/admin/projects/${buildId}`))
		expect(build).toContain('Customer and site')
		expect(build).toContain('No quotes yet.')
		for (const form of ['Send message', 'New quote', 'Move to', 'Quote templates'])
			expect(build).not.toContain(form)
		// A draft quote reads as the customer would see it, not as the builder.
		const draft = await insertQuoteForTest(shop.app, buildId, { status: 'draft' })
		const quote = await pageText(
			await bookkeeper.request(`/admin/projects/${buildId}/quotes/${draft.quote.id}`),
		)
		expect(quote).toContain('A draft: not sent to the customer yet.')
		expect(quote).toContain('Koi pond with filtration')
		for (const form of ['Save draft', 'Add line', 'Quote templates'])
			expect(quote).not.toContain(form)
		const message = { intent: 'message', text: 'Hello from the books.' }
		expect((await bookkeeper.post(`/admin/projects/${buildId}`, message)).status).toBe(403)

		const [owner] = await db().select().from(user).where(eq(user.email, shop.admin.email))
		const demote = await shop.admin.client.post('/admin/staff', {
			intent: 'change-role',
			userId: owner!.id,
			role: 'staff',
		})
		expect(await pageText(demote)).toContain('The shop must keep at least one owner')
		const changed = await shop.admin.client.post('/admin/staff', {
			intent: 'change-role',
			userId: before[0]!.id,
			role: 'staff',
		})
		expect(await pageText(changed)).toContain(`${email} is now staff.`)
		expect((await bookkeeper.request('/admin/requests')).status).toBe(200)
		expect((await entries('staff.role')).at(-1)!.changes).toEqual([
			{ field: 'role', from: 'bookkeeper', to: 'staff' },
		])

		// Signed out everywhere by the owner: still staff, but every device signs in again.
		const devices = await db().select().from(session).where(eq(session.userId, before[0]!.id))
		const signedOut = await shop.admin.client.post('/admin/staff', {
			intent: 'sign-out',
			userId: before[0]!.id,
		})
		expect(await pageText(signedOut)).toContain(
			`${email} was signed out on ${devices.length} devices.`,
		)
		expect((await bookkeeper.request('/admin')).status).toBe(302)
		expect((await entries('staff.sign-out')).at(-1)!.subject).toBe(email)
		const again = new TestClient(shop.app)
		await again.post('/auth', { intent: 'signin', email, password: PASSWORD })
		expect((await again.request('/admin/requests')).status).toBe(200)

		const removed = await shop.admin.client.post('/admin/staff', {
			intent: 'remove',
			userId: before[0]!.id,
		})
		expect(await pageText(removed)).toContain('was removed and signed out everywhere')
		expect(await db().select().from(session).where(eq(session.userId, before[0]!.id))).toEqual([])
		const after = await again.request('/admin')
		expect(after.status).toBe(302)
		expect((await entries('staff.remove')).map((e) => e.subject)).toContain(email)
	})

	it('records delivery costs, settings and exports, and shows the log to the owner with filters and CSV', async () => {
		const order = await insertOrder(db(), { status: 'pending', siteUrl: shop.app.url })
		await adminDoes(shop, order.id, { intent: 'set-delivery-cost', deliveryCost: '35' })
		const [cost] = (await entries('order.delivery-cost')).filter((e) => e.subject === order.id)
		expect(cost!.changes).toContainEqual({ field: 'deliveryCost', from: '', to: '£35.00' })
		expect(cost!.ip).toBeTruthy()
		const rules = await shop.admin.client.post('/admin/staff', {
			intent: 'rules',
			refundLimit: '300',
			auditRetentionMonths: '24',
		})
		expect(await pageText(rules)).toContain('Staff rules saved.')
		expect((await entries('settings.change')).at(-1)!.changes).toEqual([
			{ field: 'refundLimit', from: '£250.00', to: '£300.00' },
		])
		expect((await shop.admin.client.request('/admin/orders.csv')).status).toBe(200)
		expect((await entries('data.export')).map((e) => e.subject)).toContain('/admin/orders.csv')

		await recordAudit(db(), {
			actor: null,
			kind: 'product.change',
			subject: '=HYPERLINK("http://x")',
		})
		const page = await pageText(await shop.admin.client.request('/admin/audit?kind=order.refund'))
		expect(page).toContain('Refund')
		expect(page).toContain('£100.00: Goodwill')
		expect(page).not.toContain('Staff rules')
		const csv = await (
			await shop.admin.client.request('/admin/audit.csv?kind=product.change')
		).text()
		expect(csv).toContain('Time (UTC),Person,Role,What,Subject')
		expect(csv).toContain(`"'=HYPERLINK(""http://x"")"`)
	})

	it('keeps entries for the retention period and deletes only older ones', async () => {
		await db()
			.insert(auditLog)
			.values({ kind: 'data.export', subject: 'old', at: new Date(Date.now() - 800 * 86_400_000) })
		const cutoff = new Date(Date.now() - 730 * 86_400_000)
		const before = (await db().select().from(auditLog)).length
		expect(await purgeAuditBefore(db(), cutoff)).toBe(1)
		expect((await db().select().from(auditLog)).length).toBe(before - 1)
	})
})
