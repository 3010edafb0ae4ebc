import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { allBookDocuments } from '~/.server/books/documents'
import { reportDocuments } from '~/.server/books/report-documents'
import { sendStageReminder } from '~/.server/builds/stage-account'
import { findStageLink, stagePayer, withStagePayments } from '~/.server/builds/stage-pay'
import {
	auditLog,
	buildProjects,
	buildStages,
	emailOutbox,
	orderDocuments,
	paymentLinks,
} from '~/.server/db/schema'
import { orderDeps } from '~/.server/orders/lifecycle/deps'
import { recordPayment } from '~/.server/orders/payments/record-payment'
import { createStripeProvider } from '~/.server/payments/stripe-provider'
import { addDays, londonDate } from '~/lib/london-time'
import { startTestApp, type TestApp } from '../support/app'
import { buildEnquiryFields, sendBuildEnquiry } from '../support/build-enquiry'
import { acceptBuild } from '../support/build-quotes'
import { createAdmin, uniqueEmail } from '../support/factories'
import { type FakeStripe, startFakeStripe } from '../support/fake-stripe'
import { TestClient } from '../support/session'
import { pageText } from '../support/shop'

/**
 * A pond build's money over HTTP (issue 59 items 5, 8 and 9, decision 0038): the deposit paid
 * with the test provider (twice from two tabs: one payment), a stage marked reached and paid
 * through Stripe Checkout (the fake Stripe; its signed webhook event through the same
 * recordPayment the webhook route calls), a replayed payment applied once, a bank transfer, the
 * advance-payment invoices and the final account's balance, and cancellations with their credit
 * notes. The rules in pure tests: app/lib/builds/stage-payments.test.ts, build-content.test.ts.
 */
let app: TestApp
let admin: Awaited<ReturnType<typeof createAdmin>>
let stripe: FakeStripe
const db = () => app.database.db
const PROJECT_LINK = /\/account\/projects\/(PB-[A-Z0-9]{6})\?key=([A-Za-z0-9_-]{43})/

beforeAll(async () => {
	stripe = await startFakeStripe()
	app = await startTestApp({ VAT_NUMBER: 'GB123456789' })
	admin = await createAdmin(app)
})
afterAll(async () => {
	await app?.close()
	await stripe?.close()
})

async function newProject() {
	const client = new TestClient(app)
	const email = uniqueEmail('build-pay')
	const res = await sendBuildEnquiry(
		client,
		buildEnquiryFields({ email, size: '5 m by 3 m', details: '' }),
	)
	expect(res.status).toBe(302)
	const [, id, key] = PROJECT_LINK.exec(res.headers.get('location') ?? '') ?? []
	return { id: id!, page: `/account/projects/${id}?key=${key}`, client, email }
}

const stagesOf = (projectId: string) =>
	db()
		.select()
		.from(buildStages)
		.where(eq(buildStages.projectId, projectId))
		.orderBy(buildStages.position)
const documentsOf = (projectId: string) =>
	db()
		.select()
		.from(orderDocuments)
		.where(eq(orderDocuments.projectId, projectId))
		.orderBy(orderDocuments.issuedAt, orderDocuments.number)
const projectRow = async (id: string) =>
	(await db().select().from(buildProjects).where(eq(buildProjects.id, id)))[0]!
const emailsOfKind = async (kind: string, projectId: string) =>
	(await db().select().from(emailOutbox).where(eq(emailOutbox.kind, kind))).filter((e) =>
		e.subject.includes(projectId),
	)
const press = (client: TestClient, linkId: string) =>
	client.request(`/pay/${linkId}`, {
		method: 'POST',
		headers: { 'content-type': 'application/x-www-form-urlencoded' },
		body: '',
	})
const adminPost = async (projectId: string, fields: Record<string, string>) =>
	admin.client.post(`/admin/projects/${projectId}`, {
		...fields,
		version: String((await projectRow(projectId)).version),
	})

describe('a build paid stage by stage', () => {
	const TOTAL = 1_000_000 // £10,000: 25 % / 50 % / 25 %
	let project: Awaited<ReturnType<typeof newProject>>

	it('issues the deposit link with the schedule and takes it once from two tabs (test provider)', async () => {
		project = await newProject()
		const stages = await acceptBuild(app, project.id, { totalPence: TOTAL })
		expect(stages.map((s) => [s.amountPence, s.status])).toEqual([
			[250_000, 'due'],
			[500_000, 'upcoming'],
			[250_000, 'upcoming'],
		])
		const deposit = stages[0]!
		const page = await pageText(await project.client.request(project.page))
		expect(page).toContain('Payments')
		expect(page).toContain(`href="/pay/${deposit.paymentLinkId}"`)
		expect(page).toContain('Cancel my build')
		const adminPage = await pageText(await admin.client.request(`/admin/projects/${project.id}`))
		expect(adminPage).toContain('Mark stage reached and email the link')
		expect(adminPage).toContain('Record £2,500.00 paid by bank transfer')
		// The admin page never carries the customer's pay link (its token is their credential).
		expect(adminPage).not.toContain(`/pay/${deposit.paymentLinkId}`)
		const pay = await pageText(await new TestClient(app).request(`/pay/${deposit.paymentLinkId}`))
		expect(pay).toContain(`Pond build ${project.id}`)
		expect(pay).toContain('Deposit on acceptance')
		expect(pay).toContain('Pay £2,500.00 now')
		expect(pay).not.toContain('Morag')
		// Two tabs press Pay: one payment, one invoice.
		const [first, second] = await Promise.all([
			press(new TestClient(app), deposit.paymentLinkId!),
			press(new TestClient(app), deposit.paymentLinkId!),
		])
		expect([first.status, second.status]).toEqual([302, 302])
		const [paid] = await stagesOf(project.id)
		expect(paid).toMatchObject({ status: 'paid', paidBy: 'card' })
		const invoices = await documentsOf(project.id)
		expect(invoices).toHaveLength(1)
		expect(invoices[0]).toMatchObject({
			kind: 'invoice',
			totalPence: 250_000,
			buildStageId: deposit.id,
		})
		expect(invoices[0]!.number).toMatch(/^INV-\d{6}$/)
		expect(invoices[0]!.content).toMatchObject({ vatPence: 41_667, netPence: 208_333 })
		expect(invoices[0]!.issuedAt.toISOString()).toBe(paid!.paidAt!.toISOString())
		expect((await projectRow(project.id)).status).toBe('in_progress')
		// The second tab's press moved no money: nothing for staff to refund.
		expect(await emailsOfKind('build-payments-staff-notice', project.id)).toHaveLength(0)
		const [email] = await emailsOfKind('build-stage-paid', project.id)
		expect(email?.attachments).toEqual([invoices[0]!.number])
		// The paid link's page says so; the invoice downloads with the private key only.
		expect(
			await pageText(await new TestClient(app).request(`/pay/${deposit.paymentLinkId}`)),
		).toContain('Already paid')
		const pdf = await project.client.request(
			`/account/projects/${project.id}/documents/${invoices[0]!.number}?${project.page.split('?')[1]}`,
		)
		expect(pdf.headers.get('content-type')).toBe('application/pdf')
		const stranger = await new TestClient(app).request(
			`/account/projects/${project.id}/documents/${invoices[0]!.number}`,
		)
		expect(stranger.status).toBe(404)
	})

	it('applies a replayed payment once', async () => {
		const [deposit] = await stagesOf(project.id)
		const [link] = await db()
			.select()
			.from(paymentLinks)
			.where(eq(paymentLinks.id, deposit!.paymentLinkId!))
		const again = await recordPayment(withStagePayments(orderDeps(app.runtime)), {
			payment: {
				linkId: link!.id,
				amountPence: link!.amountPence,
				provider: 'test',
				providerPaymentId: link!.providerPaymentId!,
			},
		})
		expect(again.outcome).toBe('already_applied')
		expect(await documentsOf(project.id)).toHaveLength(1)
	})

	it('marks the liner stage reached, emails its link, and takes it through Stripe Checkout', async () => {
		const stage = (await stagesOf(project.id))[1]!
		const res = await adminPost(project.id, {
			intent: 'stage-reached',
			stageId: String(stage.id),
			days: '10',
		})
		expect(res.status).toBe(302)
		const due = (await stagesOf(project.id))[1]!
		expect(due.status).toBe('due')
		expect(londonDate(due.dueAt!)).toBe(addDays(londonDate(new Date()), 10))
		const [email] = await emailsOfKind('build-stage-due', project.id)
		expect(email?.text).toContain(`/pay/${due.paymentLinkId}`)
		expect(email?.text).toContain('{{private-project-link}}')
		// Stripe: one Checkout Session for the link, paid on the fake's page, its webhook event verified.
		const provider = createStripeProvider(db(), {
			secretKey: stripe.env.STRIPE_SECRET_KEY,
			webhookSecret: stripe.env.STRIPE_WEBHOOK_SECRET,
			apiBase: stripe.env.STRIPE_API_BASE,
			siteUrl: app.url,
		})
		const found = (await findStageLink(db(), due.paymentLinkId!))!
		const one = await provider.checkout(found.link, stagePayer(found))
		const two = await provider.checkout(found.link, stagePayer(found))
		expect(one).toEqual(two)
		const session = [...stripe.sessions.values()].find(
			(s) => s.metadata.link_id === due.paymentLinkId,
		)!
		expect(session.amount_total).toBe(500_000)
		stripe.complete(String(session.id))
		const signed = stripe.signedEvent('checkout.session.completed', session)
		const event = await provider.verifyWebhook!(signed.payload, signed.header)
		const deps = withStagePayments({ ...orderDeps(app.runtime), provider })
		expect((await recordPayment(deps, { event, payment: event.payment })).outcome).toBe('applied')
		expect((await recordPayment(deps, { event, payment: event.payment })).outcome).toBe(
			'duplicate_event',
		)
		expect((await stagesOf(project.id))[1]).toMatchObject({ status: 'paid', paidBy: 'card' })
		const invoices = await documentsOf(project.id)
		expect(invoices.map((d) => d.totalPence)).toEqual([250_000, 500_000])
		// A reminder for a paid stage sends nothing.
		expect(await sendStageReminder({ db: db(), siteUrl: app.url }, due.id, 'after')).toBe(false)
	})

	it('completes with a final account showing each payment and the balance, then takes the balance by bank transfer', async () => {
		const res = await adminPost(project.id, { intent: 'status', status: 'completed', reason: '' })
		expect(res.status).toBe(302)
		const docs = await documentsOf(project.id)
		const final = docs.find((d) => d.kind === 'final_account')!
		expect(final.number).toMatch(/^FA-\d{6}$/)
		expect(final.content.account).toMatchObject({
			contractPence: TOTAL,
			balancePence: 250_000,
			payments: [
				{ number: docs[0]!.number, amountPence: 250_000 },
				{ number: docs[1]!.number, amountPence: 500_000 },
			],
		})
		const last = (await stagesOf(project.id))[2]!
		expect(last.status).toBe('due')
		// Its reminders go once each, and only while it is due.
		const remind = () => sendStageReminder({ db: db(), siteUrl: app.url }, last.id, 'before')
		expect([await remind(), await remind()]).toEqual([true, false])
		const [reminder] = await emailsOfKind('build-stage-reminder-before', project.id)
		expect(reminder?.text).toContain(`/pay/${last.paymentLinkId}`)
		const pdf = await admin.client.request(
			`/admin/projects/${project.id}/documents/${final.number}`,
		)
		expect(pdf.status).toBe(200)
		// A bank transfer dated tomorrow is refused at its field; today's is recorded and invoiced.
		const tomorrow = addDays(londonDate(new Date()), 1)
		const refused = await adminPost(project.id, {
			intent: 'bank-transfer',
			stageId: String(last.id),
			reference: 'FRASER POND',
			paidOn: tomorrow,
		})
		expect(refused.status).toBe(400)
		expect(await pageText(refused)).toContain('The date cannot be in the future.')
		const today = londonDate(new Date())
		const ok = await adminPost(project.id, {
			intent: 'bank-transfer',
			stageId: String(last.id),
			reference: 'FRASER POND',
			paidOn: today,
		})
		expect(ok.status).toBe(302)
		expect((await stagesOf(project.id))[2]).toMatchObject({
			status: 'paid',
			paidBy: 'bank_transfer',
			paymentReference: 'FRASER POND',
		})
		const [link] = await db()
			.select()
			.from(paymentLinks)
			.where(eq(paymentLinks.id, last.paymentLinkId!))
		expect(link!.status).toBe('deactivated')
		// Its tax point is the day the money arrived (noon UK time), whatever the time it was recorded.
		const invoices = (await documentsOf(project.id)).filter((d) => d.kind === 'invoice')
		expect(invoices.map((d) => d.totalPence).sort()).toEqual([250_000, 250_000, 500_000])
		const transfer = invoices.find((d) => d.buildStageId === last.id)!
		expect(londonDate(transfer.issuedAt)).toBe(today)
		expect(transfer.content.footer).toContain('bank transfer')
		// The books read them by tax point: each stage invoice is in, the final account is not.
		const range = { from: addDays(today, -1), to: today }
		const books = [
			...(await allBookDocuments(db(), range)),
			...(await reportDocuments(db(), range)),
		]
		const numbers = books.filter((d) => d.orderId === project.id).map((d) => d.number)
		for (const invoice of invoices) expect(numbers).toContain(invoice.number)
		expect(numbers.some((n) => n.startsWith('FA-'))).toBe(false)
		const inReport = (await reportDocuments(db(), range)).find((d) => d.number === transfer.number)
		expect(inReport).toMatchObject({ vatPence: 41_667, provider: 'manual' })
		const audit = await db()
			.select()
			.from(auditLog)
			.where(and(eq(auditLog.kind, 'build.payment'), eq(auditLog.subject, project.id)))
		expect(audit).toHaveLength(1)
	})
})

describe('cancelling within the 14 days', () => {
	it('refunds everything at once without an early start, with a credit note', async () => {
		const project = await newProject()
		const [deposit] = await acceptBuild(app, project.id, { totalPence: 400_000 })
		expect((await press(new TestClient(app), deposit!.paymentLinkId!)).status).toBe(302)
		const unticked = await project.client.post(project.page, { intent: 'cancel-build' })
		expect(unticked.status).toBe(400)
		expect(await pageText(unticked)).toContain('Tick the box to confirm')
		const res = await project.client.post(project.page, {
			intent: 'cancel-build',
			confirm: 'yes',
			reason: 'Moving house',
		})
		expect(res.status).toBe(302)
		expect((await projectRow(project.id)).status).toBe('cancelled')
		const stages = await stagesOf(project.id)
		expect(stages.map((s) => s.status)).toEqual(['refunded', 'cancelled', 'cancelled'])
		expect(stages[0]!.refundPence).toBe(100_000)
		const docs = await documentsOf(project.id)
		const note = docs.find((d) => d.kind === 'credit_note')!
		expect(note).toMatchObject({ totalPence: 100_000, refersTo: docs[0]!.number })
		// A full refund gives back the invoice's VAT to the penny.
		expect(note.content.vatPence).toBe(docs[0]!.content.vatPence)
		expect((await emailsOfKind('build-stage-refunded', project.id))[0]?.attachments).toEqual([
			note.number,
		])
		// Asking again changes nothing.
		const again = await project.client.post(project.page, {
			intent: 'cancel-build',
			confirm: 'yes',
		})
		expect(again.status).toBe(409)
	})

	it('with an early start, is a request staff settle with the work done kept back', async () => {
		const project = await newProject()
		const [deposit] = await acceptBuild(app, project.id, { totalPence: 400_000, earlyStart: true })
		expect((await press(new TestClient(app), deposit!.paymentLinkId!)).status).toBe(302)
		const res = await project.client.post(project.page, { intent: 'cancel-build', confirm: 'yes' })
		expect(res.status).toBe(302)
		expect((await projectRow(project.id)).status).toBe('in_progress')
		expect(await emailsOfKind('build-cancellation-requested', project.id)).toHaveLength(1)
		const tooMuch = await adminPost(project.id, {
			intent: 'settle-cancellation',
			workDone: '1,000.01',
		})
		expect(tooMuch.status).toBe(400)
		const settled = await adminPost(project.id, {
			intent: 'settle-cancellation',
			workDone: '350.00',
		})
		expect(settled.status).toBe(302)
		expect((await projectRow(project.id)).status).toBe('cancelled')
		const [stage] = await stagesOf(project.id)
		expect(stage).toMatchObject({ status: 'refunded', refundPence: 65_000 })
		const note = (await documentsOf(project.id)).find((d) => d.kind === 'credit_note')!
		expect(note.totalPence).toBe(65_000)
	})

	it('is refused after the 14 days', async () => {
		const project = await newProject()
		await acceptBuild(app, project.id, {
			totalPence: 400_000,
			acceptedAt: new Date(Date.now() - 20 * 86_400_000),
		})
		const page = await pageText(await project.client.request(project.page))
		expect(page).not.toContain('Cancel my build')
		const res = await project.client.post(project.page, { intent: 'cancel-build', confirm: 'yes' })
		expect(res.status).toBe(409)
		expect((await projectRow(project.id)).status).toBe('accepted')
	})
})
