import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BEARER_REQUEST_HEADER } from '~/.server/auth/bearer-on-request'
import { startTestApp, type TestApp } from '../support/app'
import { TestClient } from '../support/session'

let app: TestApp
beforeAll(async () => {
	app = await startTestApp()
})
afterAll(async () => {
	await app?.close()
})

const PASSWORD = 'correct horse battery'

describe('session token exposure', () => {
	it('never hands page scripts the session token on the cookie sign-in and registration', async () => {
		const client = new TestClient(app)
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
		const { headers } = await app.runtime.auth.api.signInEmail({
			body: { email: 'cookie-only@example.co.uk', password: PASSWORD },
			headers: new Headers({ [BEARER_REQUEST_HEADER]: '1' }),
			returnHeaders: true,
		})
		const token = headers.get('set-auth-token')
		expect(token).toBeTruthy()
		const session = await app.runtime.auth.api.getSession({
			headers: new Headers({ authorization: `Bearer ${token}` }),
		})
		expect(session?.user.email).toBe('cookie-only@example.co.uk')
	})
})
