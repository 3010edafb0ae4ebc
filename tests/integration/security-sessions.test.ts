import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { BEARER_REQUEST_HEADER } from '~/.server/auth/bearer-on-request'
import { sessionCacheFor } from '~/.server/auth/session-cache'
import { session, user } from '~/.server/db/schema'
import { TestClient } from '../support/session'
import { pageText, setUpShop } from '../support/shop'

/**
 * Sessions: the token never reaches page scripts, and a session ends on time (docs/security.md, Sessions).
 *
 * These tests change sessions in the database behind the app's back; the app believes a session
 * it looked up for SESSION_CACHE_MS (session-cache.ts), so they drop that memory to see the change now.
 */
const forgetCachedSessions = () => sessionCacheFor(shop.app.runtime.auth).forget('all')

const shop = setUpShop()

const PASSWORD = 'correct horse battery'

describe('session token exposure', () => {
	it('never hands page scripts the session token on the cookie sign-in and registration', async () => {
		const client = new TestClient(shop.app)
		const registered = await client.register('cookie-only@example.co.uk')
		expect(registered.status).toBe(302)
		expect(registered.headers.get('set-auth-token')).toBeNull()
		expect(registered.headers.get('access-control-expose-headers') ?? '').not.toMatch(/auth-token/i)
		await client.post('/auth', { intent: 'signout' })
		const signedIn = await client.post('/auth', {
			intent: 'signin',
			email: 'cookie-only@example.co.uk',
			password: PASSWORD,
		})
		expect(signedIn.status).toBe(302)
		expect(signedIn.headers.get('set-auth-token')).toBeNull()
		expect(signedIn.headers.get('access-control-expose-headers') ?? '').not.toMatch(/auth-token/i)
	})

	it('gives a client that asks for one a bearer token the API accepts', async () => {
		const { headers } = await shop.app.runtime.auth.api.signInEmail({
			body: { email: 'cookie-only@example.co.uk', password: PASSWORD },
			headers: new Headers({ [BEARER_REQUEST_HEADER]: '1' }),
			returnHeaders: true,
		})
		const token = headers.get('set-auth-token')
		expect(token).toBeTruthy()
		const found = await shop.app.runtime.auth.api.getSession({
			headers: new Headers({ authorization: `Bearer ${token}` }),
		})
		expect(found?.user.email).toBe('cookie-only@example.co.uk')
		// The raw token is what the database (and a backup) holds: alone it is worth nothing.
		const raw = token!.split('.')[0]
		const [row] = await shop.app.database.db.select().from(session).where(eq(session.token, raw!))
		expect(row).toBeDefined()
		forgetCachedSessions()
		expect(
			await shop.app.runtime.auth.api.getSession({
				headers: new Headers({ authorization: `Bearer ${raw}` }),
			}),
		).toBeNull()
		const api = await shop.app.request('/api/placeOrder', {
			method: 'POST',
			headers: { 'content-type': 'application/json', authorization: `Bearer ${raw}` },
			body: '{}',
		})
		expect(api.status).toBe(401)
	})
})

const text = pageText

describe('session lifetime', () => {
	const sessionsOf = async (email: string) =>
		shop.app.database.db
			.select({ id: session.id, createdAt: session.createdAt, expiresAt: session.expiresAt })
			.from(session)
			.innerJoin(user, eq(user.id, session.userId))
			.where(eq(user.email, email))

	it('has an absolute lifetime of 12 hours that use does not extend', async () => {
		const client = new TestClient(shop.app)
		const res = await client.register('lifetime@example.co.uk')
		const cookie = res.headers.getSetCookie().find((c) => c.includes('session_token'))!
		expect(Number(/Max-Age=(\d+)/i.exec(cookie)?.[1])).toBe(12 * 60 * 60)
		const [before] = await sessionsOf('lifetime@example.co.uk')
		// better-auth stamps the two with separate clocks reads: a millisecond apart at most.
		const lifetime = (row: typeof before) => row!.expiresAt.getTime() - row!.createdAt.getTime()
		expect(Math.abs(lifetime(before) - 12 * 60 * 60 * 1000)).toBeLessThanOrEqual(5)
		// Eleven hours of steady use later, the expiry has not moved.
		await shop.app.database.db.execute(
			sql`update ${session} set created_at = created_at - interval '11 hours', expires_at = expires_at - interval '11 hours', updated_at = now() - interval '2 minutes' where id = ${before!.id}`,
		)
		forgetCachedSessions()
		expect(await text(await client.request('/auth'))).toContain('My Account')
		const [after] = await sessionsOf('lifetime@example.co.uk')
		expect(lifetime(after)).toBe(lifetime(before))
		await shop.app.database.db.execute(
			sql`update ${session} set expires_at = now() - interval '1 second', updated_at = now() where id = ${before!.id}`,
		)
		forgetCachedSessions()
		expect(await text(await client.request('/auth'))).toContain('Sign In or Register')
	})

	it('ends a session left idle for more than 30 minutes', async () => {
		const client = new TestClient(shop.app)
		await client.register('idle@example.co.uk')
		const [current] = await sessionsOf('idle@example.co.uk')
		await shop.app.database.db.execute(
			sql`update ${session} set updated_at = now() - interval '29 minutes' where id = ${current!.id}`,
		)
		forgetCachedSessions()
		expect(await text(await client.request('/auth'))).toContain('My Account')
		// That request counted as activity; 31 idle minutes from now it is over.
		await shop.app.database.db.execute(
			sql`update ${session} set updated_at = now() - interval '31 minutes' where id = ${current!.id}`,
		)
		forgetCachedSessions()
		expect(await text(await client.request('/auth'))).toContain('Sign In or Register')
		expect(await sessionsOf('idle@example.co.uk')).toHaveLength(0)
	})
})
