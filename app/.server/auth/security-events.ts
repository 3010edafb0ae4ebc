import { eq } from 'drizzle-orm'
import { recordAudit } from '~/.server/audit/audit-log'
import type { Db } from '~/.server/db/client'
import { user } from '~/.server/db/schema'
import type { Logger } from '~/.server/logger'
import type { AuditKind } from '~/lib/audit'
import { isStaffRole } from '~/lib/staff-access'

/**
 * Security-relevant events of sign-in and second factors (issue 60 item 3–4, OWASP ASVS V7). One
 * typed call site each. They go to the JSON log (ids only: no email, code or address) and, for a
 * staff account, to the audit log (issue 60 item 5) with the address the request came from.
 */
export type SecurityEvent =
	| { kind: 'signed-in'; userId: string; secondFactor: 'none' | 'totp' | 'backup-code' | 'passkey' }
	| { kind: 'second-factor-failed'; userId: string; method: 'totp' | 'backup-code' | 'passkey' }
	| { kind: 'second-factor-replayed'; userId: string }
	| { kind: 'second-factor-enabled'; userId: string }
	| { kind: 'second-factor-disabled'; userId: string }
	| { kind: 'second-factor-reset'; userId: string; byUserId: string }
	| { kind: 'backup-codes-used-up'; userId: string }
	| { kind: 'passkey-added'; userId: string }
	| { kind: 'passkey-removed'; userId: string }
	| { kind: 'session-ended'; userId: string; sessionId: string; by: 'self' }
	| { kind: 'other-sessions-ended'; userId: string; count: number }
	| { kind: 'staff-rule-changed'; byUserId: string; staffRequired: boolean }

export type SecurityEventSink = (event: SecurityEvent) => void | Promise<void>

/** Which events the audit log keeps, as which kind (sessions ended by oneself are not staff actions). */
const AUDITED: Partial<Record<SecurityEvent['kind'], AuditKind>> = {
	'signed-in': 'auth.sign-in',
	'second-factor-failed': 'auth.second-factor-failed',
	'second-factor-replayed': 'auth.second-factor-failed',
	'second-factor-enabled': 'auth.second-factor-change',
	'second-factor-disabled': 'auth.second-factor-change',
	'second-factor-reset': 'auth.second-factor-change',
	'passkey-added': 'auth.second-factor-change',
	'passkey-removed': 'auth.second-factor-change',
	'staff-rule-changed': 'settings.change',
}

const METHOD: Record<string, string> = {
	totp: 'an authenticator code',
	'backup-code': 'a backup code',
	passkey: 'a passkey',
}

const DETAIL: Partial<Record<SecurityEvent['kind'], (e: never) => string>> = {
	'signed-in': (e: { secondFactor: string }) =>
		e.secondFactor === 'none' ? 'Password only' : `Password and ${METHOD[e.secondFactor]}`,
	'second-factor-failed': (e: { method: string }) =>
		`Wrong ${METHOD[e.method]?.replace(/^an? /, '')}`,
	'second-factor-replayed': () => 'A code already used',
	'second-factor-enabled': () => 'Authenticator app set up',
	'second-factor-disabled': () => 'Authenticator app turned off',
	'second-factor-reset': () => 'Reset by the owner',
	'passkey-added': () => 'Passkey added',
	'passkey-removed': () => 'Passkey removed',
	'staff-rule-changed': (e: { staffRequired: boolean }) =>
		`Staff need two-step sign-in: ${e.staffRequired ? 'yes' : 'no'}`,
}

type EventCtx = {
	logger: Logger
	db?: Db
	clientIp?: string | undefined
	securityEvents?: SecurityEventSink
}

/** Failures at warn (an attack shows in the warnings), the rest at info. */
export async function recordSecurityEvent(ctx: EventCtx, event: SecurityEvent) {
	const failed = event.kind === 'second-factor-failed' || event.kind === 'second-factor-replayed'
	ctx.logger[failed ? 'warn' : 'info']({ event: event.kind, ...event }, `security: ${event.kind}`)
	await auditSecurityEvent(ctx, event)
	await ctx.securityEvents?.(event)
}

/** A staff account's event in the audit log: who did it (the owner, for a reset), to whom. */
async function auditSecurityEvent(ctx: EventCtx, event: SecurityEvent) {
	const kind = AUDITED[event.kind]
	if (!kind || !ctx.db) return
	const actorId = 'byUserId' in event ? event.byUserId : event.userId
	const subjectId = 'userId' in event ? event.userId : event.byUserId
	const people = await ctx.db
		.select({ id: user.id, email: user.email, role: user.role })
		.from(user)
		.where(eq(user.id, actorId))
	const subject =
		subjectId === actorId
			? people
			: await ctx.db
					.select({ id: user.id, email: user.email, role: user.role })
					.from(user)
					.where(eq(user.id, subjectId))
	const actor = people[0]
	const about = subject[0]
	// Customers' own sign-ins are theirs, not the shop's staff actions.
	if (!actor || !about || (!isStaffRole(actor.role) && !isStaffRole(about.role))) return
	await recordAudit(ctx.db, {
		actor: { id: actor.id, email: actor.email, role: actor.role ?? '' },
		ip: ctx.clientIp ?? null,
		kind,
		subject: about.email,
		detail: (DETAIL[event.kind] as ((e: SecurityEvent) => string) | undefined)?.(event) ?? '',
	})
}
