import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { user } from '~/.server/db/schema'
import { createLogger } from '~/.server/logger'
import { createTestDatabase, type TestDatabase } from '../../../tests/support/db'
import { AdminBootstrapError, ensureAdmin } from './admin-bootstrap'
import { type Auth, createAuth } from './auth'

let database: TestDatabase
let auth: Auth
beforeAll(async () => {
	database = await createTestDatabase()
	auth = createAuth({
		db: database.db,
		siteUrl: 'http://localhost:3000',
		secret: 'x'.repeat(32),
		trustProxy: 0,
		logger: createLogger('silent'),
	})
})
afterAll(async () => {
	await database?.cleanup()
})

describe('ensureAdmin', () => {
	it('creates an admin, then does nothing the second time', async () => {
		expect(await ensureAdmin(database.db, auth, 'Boss@Example.co.uk', 'a long password')).toEqual({
			status: 'created',
			email: 'boss@example.co.uk',
		})
		expect(await ensureAdmin(database.db, auth, 'boss@example.co.uk', 'a long password')).toEqual({
			status: 'unchanged',
			email: 'boss@example.co.uk',
		})
		const [row] = await database.db.select().from(user).where(eq(user.email, 'boss@example.co.uk'))
		expect(row?.role).toBe('owner')
	})

	it('promotes an existing customer only when asked, without touching the password', async () => {
		await auth.api.signUpEmail({
			body: {
				name: 'C',
				email: 'staff@example.co.uk',
				password: 'customer pass',
				firstName: 'C',
				lastName: 'D',
			},
		})
		await expect(
			ensureAdmin(database.db, auth, 'Staff@example.co.uk', 'a long password'),
		).rejects.toThrow(/already has a customer account.*--promote-existing/)
		const [before] = await database.db
			.select({ role: user.role })
			.from(user)
			.where(eq(user.email, 'staff@example.co.uk'))
		expect(before?.role).not.toBe('owner')
		expect(
			(
				await ensureAdmin(database.db, auth, 'staff@example.co.uk', 'ignored', {
					promoteExisting: true,
				})
			).status,
		).toBe('promoted')
		await expect(
			auth.api.signInEmail({ body: { email: 'staff@example.co.uk', password: 'customer pass' } }),
		).resolves.toBeTruthy()
	})

	it('refuses a bad email or a weak password clearly', async () => {
		await expect(ensureAdmin(database.db, auth, 'not-an-email', 'a long password')).rejects.toThrow(
			AdminBootstrapError,
		)
		await expect(ensureAdmin(database.db, auth, 'new@example.co.uk', 'short')).rejects.toThrow(
			/8 to 128 characters/,
		)
	})
})
