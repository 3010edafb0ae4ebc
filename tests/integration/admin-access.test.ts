import fs from 'node:fs'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
	auditLog,
	buildPhotos,
	buildProjects,
	buildQuotes,
	enquiries,
	orderDocuments,
	orderEvents,
	orderRequests,
	orders,
	requestPhotos,
} from '~/.server/db/schema'
import { finalAccountContent } from '~/.server/documents/build-content'
import { issueInvoice } from '~/.server/documents/issue'
import {
	ADMIN_ROUTES,
	type AdminRoute,
	actionPermission,
	can,
	isOwnerOnly,
	loaderPermission,
} from '~/lib/staff-access'
import { startTestApp, type TestApp } from '../support/app'
import { createCustomer, createStaffMember, insertOrder } from '../support/factories'
import { allRoutes } from '../support/routes'
import { TestClient } from '../support/session'

/**
 * The authorisation matrix, generated from the route table: every route under /admin and every
 * /api/* callable that is not public must refuse visitors and customers on every method it
 * answers, with nothing changed. A new admin route is covered (and must be guarded) by existing.
 * Issue 60: role × route × action — staff and the bookkeeper are let through exactly where the
 * permission table (app/lib/staff-access.ts) says, and refused (403, nothing changed) elsewhere,
 * for every intent the table lists; a refused owner-only action leaves one audit entry.
 */
const PUBLIC_API = new Set(['api/placeOrder', 'api/visit', 'api/*'])

const guarded = allRoutes().filter(
	(r) => r.path.startsWith('admin') || (r.path.startsWith('api/') && !PUBLIC_API.has(r.path)),
)
const methodsOf = (file: string) => {
	const source = fs.readFileSync(`app/${file}`, 'utf8')
	return {
		get: /export (async function|const|function) loader\b/.test(source),
		post: /export (async function|const|function) action\b/.test(source),
	}
}

let app: TestApp
type Member = Awaited<ReturnType<typeof createStaffMember>>
let customer: Awaited<ReturnType<typeof createCustomer>>
let team: Member[]
let owner: Member
let orderId: string
let linkId: string
let documentNumber: string
let requestId: number
let photoId: number
let buildPhotoId: number
/** A draft quote of that build (the quote builder's page). */
let buildQuoteId: number
let buildDocumentNumber: string
const buildId = 'PB-MATRXS'
/** A staff member for the owner's pages about one (the second-factor reset). */
let staffId: string
const enquiryId = 'EN-ABCDEF'
beforeAll(async () => {
	app = await startTestApp()
	// One account per role for the whole file: signing up is most of a request's cost.
	const [c, o, ...others] = await Promise.all([
		createCustomer(app),
		createStaffMember(app, 'owner'),
		createStaffMember(app, 'staff'),
		createStaffMember(app, 'bookkeeper'),
	])
	customer = c
	owner = o
	team = others
	staffId = others[0]!.id
	const order = await insertOrder(app.database.db, { status: 'payment_pending', siteUrl: app.url })
	orderId = order.id
	linkId = order.paymentLinkId!
	const [row] = await app.database.db.select().from(orders).where(eq(orders.id, orderId))
	const receipt = await app.database.db.transaction((tx) =>
		issueInvoice(tx, row!, { vatNumber: null }, new Date()),
	)
	documentNumber = receipt.number
	// A customer's problem report with a photo (issue 30): the Requests inbox's pages.
	const [request] = await app.database.db
		.insert(orderRequests)
		.values({ orderId, kind: 'problem', problem: 'damage', details: 'Cracked in transit.' })
		.returning()
	requestId = request!.id
	const bytes = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
		.jpeg()
		.toBuffer()
	const [photo] = await app.database.db
		.insert(requestPhotos)
		.values({ requestId, position: 0, contentType: 'image/jpeg', width: 8, height: 8, bytes })
		.returning()
	photoId = photo!.id
	// A pond build with a site photo (issue 59): the Projects pages.
	await app.database.db.insert(buildProjects).values({
		id: buildId,
		userId: null,
		name: 'Isla',
		email: 'isla@example.co.uk',
		phone: '01463 123456',
		address: '1 Loch Road, Inverness',
		postcode: 'IV2 3XY',
		type: 'koi',
		size: '4 m by 3 m',
		budget: '10-20k',
		timescale: '3-months',
		heardFrom: 'search',
		details: '',
		outsideArea: false,
	})
	const [sitePhoto] = await app.database.db
		.insert(buildPhotos)
		.values({
			projectId: buildId,
			position: 0,
			contentType: 'image/jpeg',
			width: 8,
			height: 8,
			bytes,
		})
		.returning()
	buildPhotoId = sitePhoto!.id
	const [quote] = await app.database.db
		.insert(buildQuotes)
		.values({
			projectId: buildId,
			version: 1,
			title: 'Koi pond',
			validUntil: new Date(Date.now() + 30 * 86_400_000),
			schedule: [{ label: 'On completion', due: 'completion', percent: 100 }],
			createdBy: 'matrix@example.co.uk',
		})
		.returning()
	buildQuoteId = quote!.id
	// A build's final account (decision 0038): the project's document download.
	const account = { contractPence: 500_000, payments: [], balancePence: 500_000 }
	const [buildDocument] = await app.database.db
		.insert(orderDocuments)
		.values({
			number: 'FA-000901',
			kind: 'final_account',
			projectId: buildId,
			issuedAt: new Date(),
			totalPence: 500_000,
			content: finalAccountContent(
				{ id: buildId, name: 'Isla', address: '1 Loch Road, Inverness', postcode: 'IV2 3XY' },
				{ vatNumber: null },
				account,
				{ number: 'FA-000901', issuedAt: new Date() },
			),
		})
		.returning()
	buildDocumentNumber = buildDocument!.number
	await app.database.db.insert(enquiries).values({
		id: enquiryId,
		name: 'Isla',
		email: 'isla@example.co.uk',
		topic: 'pond',
		message: 'A pond for the garden, please.',
	})
}, 120_000)
afterAll(async () => {
	await app?.close()
})

const snapshot = async () => {
	const [order] = await app.database.db.select().from(orders).where(eq(orders.id, orderId))
	const events = await app.database.db
		.select()
		.from(orderEvents)
		.where(eq(orderEvents.orderId, orderId))
	return {
		version: order!.version,
		status: order!.status,
		link: order!.paymentLinkActive,
		events: events.length,
	}
}
const auditCount = async () => (await app.database.db.select().from(auditLog)).length

function requestFor(
	path: string,
	method: 'GET' | 'POST',
	intent = 'cancel',
): [string, RequestInit] {
	const url = `/${path
		.replace(':orderId', orderId)
		.replace(':enquiryId', enquiryId)
		.replace(':productId', '0')
		.replace(':projectId', 'pond1')
		.replace(':buildId/photos/:photoId', `${buildId}/photos/${buildPhotoId}`)
		.replace(':buildId/quotes/:quoteId', `${buildId}/quotes/${buildQuoteId}`)
		.replace(':buildId/documents/:number', `${buildId}/documents/${buildDocumentNumber}`)
		.replace(':buildId', buildId)
		.replace(':number', documentNumber)
		.replace(':requestId', String(requestId))
		.replace(':photoId', String(photoId))
		.replace(':userId', staffId)}`
	if (method === 'GET') return [url, {}]
	if (path.startsWith('api/'))
		return [
			url,
			{
				method,
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({ data: { orderId, deliveryCost: 12.5, paymentLinkId: linkId } }),
			},
		]
	return [
		url,
		{
			method,
			headers: { 'content-type': 'application/x-www-form-urlencoded' },
			body: new URLSearchParams({ intent, version: '1', confirmed: 'yes' }).toString(),
		},
	]
}

describe('admin authorisation matrix (from the route table)', () => {
	it('covers the admin routes and callables that exist', () => {
		const paths = guarded.map((r) => r.path)
		expect(paths).toEqual(
			expect.arrayContaining([
				'admin',
				'admin/orders/:orderId',
				'admin/orders.csv',
				'api/createPaymentLink',
				'api/deactivatePaymentLink',
			]),
		)
	})

	for (const route of guarded) {
		const { get, post } = methodsOf(route.file)
		for (const method of ['GET', 'POST'] as const) {
			if ((method === 'GET' && !get) || (method === 'POST' && !post)) continue
			it(`${method} /${route.path}: visitor and customer are refused, nothing changes`, async () => {
				const before = await snapshot()
				const visitor = new TestClient(app)
				const [url, init] = requestFor(route.path, method)
				const asVisitor = await visitor.request(url, init)
				const asCustomer = await customer.client.request(url, init)
				if (route.path.startsWith('api/')) {
					expect(asVisitor.status).toBe(method === 'GET' ? 405 : 401)
					expect(asCustomer.status).toBe(method === 'GET' ? 405 : 403)
				} else {
					expect(asVisitor.status).toBe(302)
					expect(asVisitor.headers.get('location')).toBe('/')
					expect(asCustomer.status).toBe(403)
				}
				expect(await snapshot()).toEqual(before)
			})
		}
		const access: { loader?: string; action?: string | { intents: Record<string, string> } } =
			ADMIN_ROUTES[route.path as AdminRoute] ?? {}
		const key = route.path as AdminRoute
		if (get && route.path.startsWith('admin'))
			it(`GET /${route.path}: staff and bookkeeper as the table says`, async () => {
				const [url] = requestFor(route.path, 'GET')
				for (const member of team) {
					const allowed = can(member.role, loaderPermission(key))
					const res = await member.client.request(url)
					expect(res.status, `${member.role} ${url}`).toBe(allowed ? 200 : 403)
				}
			})
		if (post) {
			const intents =
				typeof access.action === 'object' ? Object.keys(access.action.intents) : ['cancel']
			it(`POST /${route.path}: each role refused an intent it lacks gets 403, nothing changes`, async () => {
				for (const intent of intents)
					for (const member of team) {
						const permission = actionPermission(key, intent)
						if (can(member.role, permission)) continue
						const before = await snapshot()
						const audited = await auditCount()
						const [url, init] = requestFor(route.path, 'POST', intent)
						const res = await member.client.request(url, init)
						expect(res.status, `${member.role} ${intent}`).toBe(403)
						expect(await snapshot()).toEqual(before)
						if (route.path.startsWith('admin'))
							expect(await auditCount(), `${member.role} ${intent} audit`).toBe(
								audited + (isOwnerOnly(permission) ? 1 : 0),
							)
					}
			})
		}
	}

	it('lets an owner through the same requests', async () => {
		for (const route of guarded.filter((r) => r.path.startsWith('admin'))) {
			const [url] = requestFor(route.path, 'GET')
			expect((await owner.client.request(url)).status, url).toBe(200)
		}
	})

	it('records a staff member calling an owner-only action by hand: who, what and from where', async () => {
		const staff = team[0]!
		const res = await staff.client.post('/admin/settings', { tradingName: 'Taken Over Ltd' })
		expect(res.status).toBe(403)
		const [entry] = (await app.database.db.select().from(auditLog)).filter(
			(e) => e.subject === '/admin/settings' && e.actorId === staff.id,
		)
		expect(entry).toMatchObject({
			kind: 'access.denied',
			actorRole: 'staff',
			actorEmail: staff.email,
		})
		expect(entry!.detail).toContain('business.settings')
	})
})
