import fs from 'node:fs'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sessionCacheFor } from '~/.server/auth/session-cache'
import { buildPhotos, buildProjects, testimonials, user } from '~/.server/db/schema'
import { addCustomerTestimonial, createTestimonial } from '~/.server/portfolio/testimonials'
import { AUTH_MESSAGES } from '~/lib/auth-forms'
import { photoWithLocation } from '../support/after-sale'
import { startTestApp, type TestApp } from '../support/app'
import { buildEnquiryFields, sendBuildEnquiry } from '../support/build-enquiry'
import { createCustomer } from '../support/factories'
import { TestClient } from '../support/session'

let app: TestApp
beforeAll(async () => {
	app = await startTestApp()
})
afterAll(async () => {
	await app?.close()
})

const text = async (res: Response) => (await res.text()).replace(/<!-- -->/g, '')

describe('registration and sign-in', () => {
	it('registers, shows My Account, signs out and signs back in', async () => {
		const client = new TestClient(app)
		const res = await client.register('ann@example.co.uk')
		expect(res.status).toBe(302)
		expect(res.headers.get('location')).toBe('/auth')
		const cookie = res.headers.getSetCookie().find((c) => c.includes('session_token'))!
		expect(cookie).toMatch(/HttpOnly/i)
		expect(cookie).toMatch(/SameSite=Lax/i)
		const account = await text(await client.request('/auth'))
		expect(account).toContain('My Account')
		expect(account).toContain('Registered User')
		expect(account).toContain('ann@example.co.uk')
		const [row] = await app.database.db
			.select()
			.from(user)
			.where(eq(user.email, 'ann@example.co.uk'))
		expect(row).toMatchObject({ firstName: 'Ann', lastName: 'Tester', role: 'user' })

		const out = await client.post('/auth', { intent: 'signout' })
		expect(out.headers.get('location')).toBe('/')
		expect(await text(await client.request('/auth'))).toContain('Sign In or Register')

		const back = await client.post('/auth', {
			intent: 'signin',
			email: 'ann@example.co.uk',
			password: 'correct horse battery',
		})
		expect(back.status).toBe(302)
		expect(await text(await client.request('/auth'))).toContain('My Account')
	})

	it('maps each error to the spec message and keeps what was typed (but not passwords)', async () => {
		const client = new TestClient(app)
		await client.register('dup@example.co.uk')
		const other = new TestClient(app)
		const cases: Array<[Record<string, string>, string]> = [
			[{ intent: 'signin', email: 'x@example.co.uk', password: '' }, AUTH_MESSAGES.signInRequired],
			[
				{
					intent: 'register',
					firstName: 'A',
					lastName: '',
					email: 'a@b.co',
					password: 'x',
					confirmPassword: 'x',
				},
				AUTH_MESSAGES.registerRequired,
			],
			[
				{
					intent: 'register',
					firstName: 'A',
					lastName: 'B',
					email: 'a@b.co',
					password: 'abcdefgh',
					confirmPassword: 'abcdefgX',
				},
				AUTH_MESSAGES.passwordsDiffer,
			],
			[
				{
					intent: 'register',
					firstName: 'A',
					lastName: 'B',
					email: 'not-an-email',
					password: 'abcdefgh',
					confirmPassword: 'abcdefgh',
				},
				AUTH_MESSAGES.invalidEmail,
			],
			[
				{
					intent: 'register',
					firstName: 'A',
					lastName: 'B',
					email: 'weak@b.co',
					password: 'short',
					confirmPassword: 'short',
				},
				AUTH_MESSAGES.weakPassword,
			],
			[
				{
					intent: 'register',
					firstName: 'A',
					lastName: 'B',
					email: 'dup@example.co.uk',
					password: 'abcdefghij',
					confirmPassword: 'abcdefghij',
				},
				AUTH_MESSAGES.emailInUse,
			],
			[
				{ intent: 'signin', email: 'dup@example.co.uk', password: 'wrong password' },
				AUTH_MESSAGES.invalidCredential,
			],
			[
				{ intent: 'signin', email: 'nobody@example.co.uk', password: 'whatever1' },
				AUTH_MESSAGES.invalidCredential,
			],
			[{ intent: 'reset', email: '' }, AUTH_MESSAGES.resetRequired],
			[{ intent: 'reset', email: 'bad@' }, AUTH_MESSAGES.invalidEmail],
		]
		for (const [fields, message] of cases) {
			const res = await other.post('/auth', fields)
			expect(res.status, message).toBe(400)
			const body = await text(res)
			expect(body, JSON.stringify(fields)).toContain(message.replace(/'/g, '&#x27;'))
			if (fields.email) expect(body).toContain(`value="${fields.email}"`)
			expect(body).not.toContain('abcdefgh"')
		}
	})

	it('escapes HTML-looking input and survives oversized fields', async () => {
		const client = new TestClient(app)
		const res = await client.post('/auth', {
			intent: 'register',
			firstName: '<script>alert(1)</script>',
			lastName: 'x'.repeat(50_000),
			email: '"><img src=x>@x.co',
			password: 'abcdefghij',
			confirmPassword: 'abcdefghij',
		})
		expect(res.status).toBe(400)
		const body = await res.text()
		expect(body).not.toContain('<script>alert(1)')
		expect(body).not.toContain('<img src=x>')
	})

	it('rate-limits repeated failed sign-ins per email', async () => {
		const client = new TestClient(app)
		await client.register('target@example.co.uk')
		const attacker = new TestClient(app)
		for (let i = 0; i < 5; i++) {
			await attacker.post('/auth', {
				intent: 'signin',
				email: 'target@example.co.uk',
				password: `guess-${i}`,
			})
		}
		const blocked = await attacker.post('/auth', {
			intent: 'signin',
			email: 'target@example.co.uk',
			password: 'correct horse battery',
		})
		expect(blocked.status).toBe(429)
		expect(await text(blocked)).toContain(AUTH_MESSAGES.tooManyAttempts)
	})
})

describe('password reset', () => {
	it('emails a single-use link that sets a new password', async () => {
		const client = new TestClient(app)
		await client.register('forgetful@example.co.uk')
		await client.post('/auth', { intent: 'signout' })
		const res = await client.post('/auth', { intent: 'reset', email: 'forgetful@example.co.uk' })
		expect(await text(res)).toContain(AUTH_MESSAGES.resetSent)
		// An unknown address gets the same answer and no email.
		expect(
			await text(await client.post('/auth', { intent: 'reset', email: 'ghost@example.co.uk' })),
		).toContain(AUTH_MESSAGES.resetSent)
		await app.runtime.outbox.runOnce()
		const files = fs.readdirSync(app.outboxDir).filter((f) => f.includes('password-reset'))
		expect(files).toHaveLength(1)
		const eml = fs.readFileSync(path.join(app.outboxDir, files[0]!), 'utf8')
		expect(eml).toMatch(/^To: forgetful@example\.co\.uk$/m)
		const link = /(http:\/\/127\.0\.0\.1:\d+\/auth\/reset-password\?token=[\w%-]+)/.exec(
			decodeQuotedPrintable(eml),
		)?.[1]
		expect(link).toBeTruthy()
		const token = new URL(link!).searchParams.get('token')!
		const done = await client.post('/auth/reset-password', {
			token,
			password: 'brand new secret',
			confirmPassword: 'brand new secret',
		})
		expect(done.headers.get('location')).toBe('/auth?mode=signin&reset=done')
		const again = await client.post('/auth/reset-password', {
			token,
			password: 'another secret!',
			confirmPassword: 'another secret!',
		})
		expect(await text(again)).toContain('has expired or has already been used')
		const signIn = await client.post('/auth', {
			intent: 'signin',
			email: 'forgetful@example.co.uk',
			password: 'brand new secret',
		})
		expect(signIn.status).toBe(302)
	})
})

describe('guards', () => {
	it('sends signed-out visitors from /admin to home and refuses customers with 403', async () => {
		const visitor = new TestClient(app)
		const res = await visitor.request('/admin')
		expect(res.status).toBe(302)
		expect(res.headers.get('location')).toBe('/')
		const customer = new TestClient(app)
		await customer.register('customer@example.co.uk')
		const denied = await customer.request('/admin')
		expect(denied.status).toBe(403)
		const body = await text(denied)
		expect(body).toContain('Access Denied')
		expect(body).toContain('You do not have permission to access the admin area.')
		await app.database.db
			.update(user)
			.set({ role: 'owner' })
			.where(eq(user.email, 'customer@example.co.uk'))
		// Behind the app's back: believed sessions are looked up again (session-cache.ts).
		sessionCacheFor(app.runtime.auth).forget('all')
		const allowed = await customer.request('/admin')
		expect(allowed.status).toBe(200)
		expect(await text(allowed)).toContain('Admin Dashboard')
	})

	it('protects account data and actions from signed-out requests', async () => {
		const visitor = new TestClient(app)
		expect((await visitor.request('/auth/my-data')).status).toBe(302)
		const res = await visitor.post('/auth', { intent: 'save-details', firstName: 'X' })
		expect(res.status).toBe(302)
		expect(res.headers.get('location')).toMatch(/^\/auth\?redirectTo=/)
	})
})

describe('My Account', () => {
	it('saves delivery details, exports data and deletes the account', async () => {
		const client = new TestClient(app)
		await client.register('mover@example.co.uk')
		const bad = await client.post('/auth', {
			intent: 'save-details',
			firstName: 'Ann',
			lastName: 'Tester',
			address1: '',
			city: 'Perth',
			postcode: 'PH1 5AA',
			phone: '123',
		})
		expect(bad.status).toBe(400)
		const badBody = await text(bad)
		expect(badBody).toContain('Address is required')
		expect(badBody).toContain('Please enter a valid phone number')
		const good = await client.post('/auth', {
			intent: 'save-details',
			firstName: 'Ann',
			lastName: 'Tester',
			address1: '1 Tay Street',
			address2: '',
			city: 'Perth',
			postcode: 'ph15aa',
			phone: '01738 123456',
		})
		expect(good.status).toBe(200)
		const exported = await (await client.request('/auth/my-data')).json()
		expect(exported.profile).toMatchObject({
			email: 'mover@example.co.uk',
			postcode: 'PH1 5AA',
			city: 'Perth',
		})
		const gone = await client.post('/auth', {
			intent: 'delete-account',
			confirm: 'yes',
			currentPassword: 'correct horse battery',
		})
		expect(gone.headers.get('location')).toBe('/?account=deleted')
		const rows = await app.database.db
			.select()
			.from(user)
			.where(eq(user.email, 'mover@example.co.uk'))
		expect(rows).toHaveLength(0)
	})
})

describe('a customer’s pond builds and their personal data (UK GDPR)', () => {
	const enquire = async (client: TestClient, email: string, photo?: Buffer) => {
		const fields = { email, size: '5 m by 3 m', details: 'A raised koi pond by the patio.' }
		const res = await sendBuildEnquiry(client, buildEnquiryFields(fields), photo)
		expect(res.status).toBe(302)
		return /\/account\/projects\/(PB-[A-Z0-9]{6})\?key=[A-Za-z0-9_-]{43}/.exec(
			res.headers.get('location') ?? '',
		)!
	}

	it('gives their projects in their copy, and on erasure keeps each for the records without them', async () => {
		const customer = await createCustomer(app)
		const [minePage, mine] = await enquire(
			customer.client,
			customer.email,
			await photoWithLocation(),
		)
		// Sent signed out with the same address: theirs too.
		const [guestPage, guest] = await enquire(new TestClient(app), customer.email.toUpperCase())
		const copy = await (await customer.client.request('/auth/my-data')).json()
		expect(copy.pondBuilds.map((p: { id: string }) => p.id).sort()).toEqual([mine, guest].sort())
		expect(copy.pondBuilds[0]).toMatchObject({ address: '12 Culduthel Road, Inverness' })
		expect(copy.pondBuilds[0]).not.toHaveProperty('surveyNotes')
		// Their testimonial, approved and on the home page, and one of the owner's own.
		const words = 'Dug, lined and planted in a fortnight. The koi settled in at once.'
		const theirs = await app.database.db.transaction((tx) =>
			addCustomerTestimonial(tx, mine!, {
				text: words,
				name: 'Alex M.',
				place: 'Perth',
				rating: 10,
			}),
		)
		await app.database.db
			.update(testimonials)
			.set({ hidden: false, updatedBy: 'owner@example.co.uk' })
			.where(eq(testimonials.id, theirs))
		const owners = await createTestimonial(app.database.db, 'owner@example.co.uk', {
			text: 'Written by the owner for this test.',
			name: 'A regular',
			place: '',
			rating: 8,
			hidden: false,
		})
		expect(await (await new TestClient(app).request('/')).text()).toContain(
			'Dug, lined and planted',
		)
		const gone = await customer.client.post('/auth', {
			intent: 'delete-account',
			confirm: 'yes',
			currentPassword: customer.password,
		})
		expect(gone.headers.get('location')).toBe('/?account=deleted')
		for (const [page, id] of [
			[minePage, mine],
			[guestPage, guest],
		] as const) {
			const [row] = await app.database.db
				.select()
				.from(buildProjects)
				.where(eq(buildProjects.id, id!))
			expect(row).toMatchObject({ userId: null, name: 'Deleted Customer', email: '', phone: '' })
			expect(row).toMatchObject({ address: '', postcode: '', details: '', type: 'koi' })
			const photos = await app.database.db
				.select()
				.from(buildPhotos)
				.where(eq(buildPhotos.projectId, id!))
			expect(photos).toEqual([])
			expect((await new TestClient(app).request(page!)).status).toBe(404)
		}
		const left = await app.database.db.select({ id: testimonials.id }).from(testimonials)
		expect(left.map((t) => t.id)).not.toContain(theirs)
		expect(left.map((t) => t.id)).toContain(owners)
		expect(await (await new TestClient(app).request('/')).text()).not.toContain(
			'Dug, lined and planted',
		)
	})
})

/** .eml bodies are quoted-printable: soft line breaks and =XX escapes. */
function decodeQuotedPrintable(text: string) {
	return text
		.replace(/=\r?\n/g, '')
		.replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16)))
}
