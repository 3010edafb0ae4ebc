import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { and, asc, eq, gt, inArray, isNull, ne } from 'drizzle-orm'
import { type AuditActor, recordAudit } from '~/.server/audit/audit-log'
import type { Db } from '~/.server/db/client'
import { staffInvitations, user } from '~/.server/db/schema'
import { enqueueEmail } from '~/.server/email/outbox'
import { staffInvitationEmail } from '~/.server/email/staff-emails'
import { ROLE_LABELS, STAFF_ROLES, type StaffRole } from '~/lib/staff-access'
import { INVITE_HOURS, STAFF_MESSAGES } from '~/lib/staff-forms'
import { type Auth, PASSWORD_MAX, PASSWORD_MIN } from './auth'
import { isAcceptablePassword } from './passwords'
import { endOtherSessions } from './session-activity'
import { sessionCacheFor } from './session-cache'

/**
 * The staff list, invitations, role changes and removals (issue 60 item 2). Every change is
 * written to the audit log in its own transaction; the last owner can be neither removed nor
 * demoted (the owners' rows are locked while counting, so two owners demoting each other at once
 * leave one).
 */
export type StaffResult = { ok: true; message: string } | { ok: false; message: string }
type Who = { actor: NonNullable<AuditActor>; ip?: string | null }

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

export async function listStaff(db: Db, now = new Date()) {
	const people = await db
		.select({
			id: user.id,
			email: user.email,
			firstName: user.firstName,
			lastName: user.lastName,
			role: user.role,
			createdAt: user.createdAt,
		})
		.from(user)
		.where(inArray(user.role, [...STAFF_ROLES]))
		.orderBy(asc(user.email))
	const invitations = await db
		.select({
			id: staffInvitations.id,
			email: staffInvitations.email,
			role: staffInvitations.role,
			expiresAt: staffInvitations.expiresAt,
		})
		.from(staffInvitations)
		.where(and(isNull(staffInvitations.usedAt), gt(staffInvitations.expiresAt, now)))
		.orderBy(asc(staffInvitations.createdAt))
	return { people, invitations }
}

export async function inviteStaff(
	db: Db,
	input: { email: string; role: StaffRole; siteUrl: string },
	who: Who,
	now = new Date(),
): Promise<StaffResult> {
	const [existing] = await db
		.select({ role: user.role })
		.from(user)
		.where(eq(user.email, input.email))
	if (existing && (STAFF_ROLES as readonly string[]).includes(existing.role))
		return { ok: false, message: STAFF_MESSAGES.alreadyStaff }
	const token = randomBytes(32).toString('base64url')
	const link = `${input.siteUrl}/auth/invite/${token}`
	await db.transaction(async (tx) => {
		await tx.insert(staffInvitations).values({
			id: randomUUID(),
			email: input.email,
			role: input.role,
			tokenHash: hashToken(token),
			invitedBy: who.actor.id,
			createdAt: now,
			expiresAt: new Date(now.getTime() + INVITE_HOURS * 3_600_000),
		})
		await enqueueEmail(tx, staffInvitationEmail(input.email, ROLE_LABELS[input.role], link))
		await recordAudit(tx, {
			...who,
			kind: 'staff.invite',
			subject: input.email,
			changes: [{ field: 'role', from: '', to: input.role }],
		})
	})
	return { ok: true, message: STAFF_MESSAGES.invited(input.email) }
}

export async function cancelInvitation(db: Db, inviteId: string, who: Who): Promise<StaffResult> {
	return db.transaction(async (tx) => {
		const [gone] = await tx
			.update(staffInvitations)
			.set({ usedAt: new Date(), expiresAt: new Date() })
			.where(and(eq(staffInvitations.id, inviteId), isNull(staffInvitations.usedAt)))
			.returning({ email: staffInvitations.email })
		if (!gone) return { ok: false, message: 'That invitation was already used or withdrawn.' }
		await recordAudit(tx, {
			...who,
			kind: 'staff.invite',
			subject: gone.email,
			detail: 'Withdrawn',
		})
		return { ok: true, message: `The invitation to ${gone.email} was withdrawn.` }
	})
}

/** The invitation a link's token opens, while it is unused and within its 72 hours. */
export async function openInvitation(db: Db, token: string, now = new Date()) {
	if (!/^[\w-]{20,100}$/.test(token)) return null
	const [invitation] = await db
		.select()
		.from(staffInvitations)
		.where(
			and(
				eq(staffInvitations.tokenHash, hashToken(token)),
				isNull(staffInvitations.usedAt),
				gt(staffInvitations.expiresAt, now),
			),
		)
	if (!invitation) return null
	const [account] = await db
		.select({ id: user.id })
		.from(user)
		.where(eq(user.email, invitation.email))
	return { ...invitation, hasAccount: Boolean(account) }
}

type Acceptance = { firstName: string; lastName: string; password: string }

/**
 * Uses an invitation once: a new account with the invitee's name and password, or (for an email
 * that already has a customer account) that account joins with its own password. The claim comes
 * first, in one conditional update, so a link used twice at once makes one account.
 */
export async function acceptInvitation(
	db: Db,
	auth: Auth,
	token: string,
	input: Acceptance,
	ip: string | null | undefined,
	now = new Date(),
): Promise<StaffResult & { email?: string }> {
	const invitation = await openInvitation(db, token, now)
	if (!invitation) return { ok: false, message: STAFF_MESSAGES.inviteInvalid }
	if (!invitation.hasAccount) {
		const { password } = input
		if (
			password.length < PASSWORD_MIN ||
			password.length > PASSWORD_MAX ||
			!isAcceptablePassword(password)
		)
			return { ok: false, message: 'Password is too weak. Please use a stronger password.' }
	}
	const [claimed] = await db
		.update(staffInvitations)
		.set({ usedAt: now })
		.where(and(eq(staffInvitations.id, invitation.id), isNull(staffInvitations.usedAt)))
		.returning({ id: staffInvitations.id })
	if (!claimed) return { ok: false, message: STAFF_MESSAGES.inviteInvalid }
	let userId: string
	if (invitation.hasAccount) {
		const [account] = await db
			.select({ id: user.id })
			.from(user)
			.where(eq(user.email, invitation.email))
		userId = account!.id
	} else {
		const created = await auth.api.signUpEmail({
			body: {
				name: `${input.firstName} ${input.lastName}`,
				email: invitation.email,
				password: input.password,
				firstName: input.firstName,
				lastName: input.lastName,
			},
		})
		userId = created.user.id
	}
	await db.transaction(async (tx) => {
		await tx.update(user).set({ role: invitation.role, updatedAt: now }).where(eq(user.id, userId))
		await recordAudit(tx, {
			actor: { id: userId, email: invitation.email, role: invitation.role },
			ip,
			kind: 'staff.join',
			subject: invitation.email,
			changes: [{ field: 'role', from: '', to: invitation.role }],
		})
	})
	sessionCacheFor(auth).forget({ userId })
	return { ok: true, message: 'Welcome aboard.', email: invitation.email }
}

/** Locks the owners' rows and says whether another owner than `userId` remains. */
async function anotherOwner(tx: Parameters<Parameters<Db['transaction']>[0]>[0], userId: string) {
	const owners = await tx
		.select({ id: user.id })
		.from(user)
		.where(eq(user.role, 'owner'))
		.for('update')
	return owners.some((owner) => owner.id !== userId)
}

export async function changeRole(
	db: Db,
	auth: Auth,
	input: { userId: string; role: StaffRole },
	who: Who,
): Promise<StaffResult> {
	const result = await db.transaction(async (tx): Promise<StaffResult> => {
		const [person] = await tx
			.select({ email: user.email, role: user.role })
			.from(user)
			.where(and(eq(user.id, input.userId), inArray(user.role, [...STAFF_ROLES])))
		if (!person) return { ok: false, message: STAFF_MESSAGES.notFound }
		if (person.role === input.role)
			return {
				ok: true,
				message: STAFF_MESSAGES.roleChanged(person.email, ROLE_LABELS[input.role].toLowerCase()),
			}
		if (person.role === 'owner' && !(await anotherOwner(tx, input.userId)))
			return { ok: false, message: STAFF_MESSAGES.lastOwner }
		await tx
			.update(user)
			.set({ role: input.role, updatedAt: new Date() })
			.where(and(eq(user.id, input.userId), ne(user.role, input.role)))
		await recordAudit(tx, {
			...who,
			kind: 'staff.role',
			subject: person.email,
			changes: [{ field: 'role', from: person.role, to: input.role }],
		})
		return {
			ok: true,
			message: STAFF_MESSAGES.roleChanged(person.email, ROLE_LABELS[input.role].toLowerCase()),
		}
	})
	// The new role applies to their next request, not after the session cache's few seconds.
	if (result.ok) sessionCacheFor(auth).forget({ userId: input.userId })
	return result
}

/**
 * Takes a person off the staff: their account stays (as a customer's), every session of theirs is
 * deleted and this instance's session cache forgets them, so they are signed out at once.
 */
export async function removeStaff(
	db: Db,
	auth: Auth,
	userId: string,
	who: Who,
): Promise<StaffResult> {
	if (userId === who.actor.id) return { ok: false, message: STAFF_MESSAGES.notYourself }
	const result = await db.transaction(async (tx): Promise<StaffResult> => {
		const [person] = await tx
			.select({ email: user.email, role: user.role })
			.from(user)
			.where(and(eq(user.id, userId), inArray(user.role, [...STAFF_ROLES])))
		if (!person) return { ok: false, message: STAFF_MESSAGES.notFound }
		if (person.role === 'owner' && !(await anotherOwner(tx, userId)))
			return { ok: false, message: STAFF_MESSAGES.lastOwner }
		await tx.update(user).set({ role: 'user', updatedAt: new Date() }).where(eq(user.id, userId))
		await endOtherSessions(tx, userId)
		await recordAudit(tx, {
			...who,
			kind: 'staff.remove',
			subject: person.email,
			changes: [{ field: 'role', from: person.role, to: '' }],
		})
		return { ok: true, message: STAFF_MESSAGES.removed(person.email) }
	})
	if (result.ok) sessionCacheFor(auth).forget({ userId })
	return result
}

/** Ends every session of a member of staff (a lost phone): not oneself ('Sign out everywhere else'). */
export async function signOutStaff(
	db: Db,
	auth: Auth,
	userId: string,
	who: Who,
): Promise<StaffResult> {
	if (userId === who.actor.id) return { ok: false, message: STAFF_MESSAGES.notYourselfSignOut }
	const result = await db.transaction(async (tx): Promise<StaffResult> => {
		const [person] = await tx
			.select({ email: user.email })
			.from(user)
			.where(and(eq(user.id, userId), inArray(user.role, [...STAFF_ROLES])))
		if (!person) return { ok: false, message: STAFF_MESSAGES.notFound }
		const devices = await endOtherSessions(tx, userId)
		await recordAudit(tx, {
			...who,
			kind: 'staff.sign-out',
			subject: person.email,
			detail: `Signed out everywhere (${devices} ${devices === 1 ? 'device' : 'devices'})`,
		})
		return { ok: true, message: STAFF_MESSAGES.signedOut(person.email, devices) }
	})
	if (result.ok) sessionCacheFor(auth).forget({ userId })
	return result
}
