import { eq } from 'drizzle-orm'
import type { Db } from '~/.server/db/client'
import { user } from '~/.server/db/schema'
import { isEmailAddress } from '~/lib/email-address'
import { type Auth, PASSWORD_MAX, PASSWORD_MIN } from './auth'
import { endOtherSessions } from './session-activity'

export type AdminBootstrapResult = { status: 'created' | 'promoted' | 'unchanged'; email: string }

export class AdminBootstrapError extends Error {}

/**
 * Creates the account if it is missing and makes it an owner (issue 60: the role that can do
 * everything, including inviting staff); running it twice changes nothing.
 * An existing customer account is promoted only when asked (`promoteExisting`): otherwise anyone
 * could register the owner's address before the owner runs this and be made an admin.
 */
export async function ensureAdmin(
	db: Db,
	auth: Auth,
	emailInput: string,
	password: string,
	{ promoteExisting = false } = {},
): Promise<AdminBootstrapResult> {
	const email = emailInput.trim().toLowerCase()
	if (!isEmailAddress(email))
		throw new AdminBootstrapError(`"${emailInput}" is not a valid email address.`)
	const [existing] = await db
		.select({ id: user.id, role: user.role })
		.from(user)
		.where(eq(user.email, email))
	if (existing) {
		if (existing.role === 'owner') return { status: 'unchanged', email }
		if (!promoteExisting)
			throw new AdminBootstrapError(
				`${email} already has a customer account, which was not made an owner. If that account is yours, run the command again with --promote-existing (its password stays unchanged); otherwise use another email address.`,
			)
		await db
			.update(user)
			.set({ role: 'owner', updatedAt: new Date() })
			.where(eq(user.id, existing.id))
		return { status: 'promoted', email }
	}
	if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) {
		throw new AdminBootstrapError(
			`The password must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters long.`,
		)
	}
	const created = await auth.api.signUpEmail({
		body: { name: 'Administrator', email, password, firstName: 'Shop', lastName: 'Administrator' },
	})
	await db.update(user).set({ role: 'owner' }).where(eq(user.id, created.user.id))
	// Sign-up also signed the command in: that session is handed to no one, and would only show as
	// an 'Unknown browser' among the owner's signed-in devices.
	await endOtherSessions(db, created.user.id)
	return { status: 'created', email }
}
