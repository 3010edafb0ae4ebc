import type { Logger } from '~/.server/logger'

/**
 * Security-relevant events of sign-in and second factors (issue 60 item 3–4, OWASP ASVS V7). One
 * typed call site each; today they go to the JSON log (ids only: no email, code or address).
 * The audit log (issue 60 item 5) plugs in here: `recordSecurityEvent` is the one function it
 * replaces or extends, so every call site below writes there with no other change.
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

/** Failures at warn (an attack shows in the warnings), the rest at info. */
export async function recordSecurityEvent(
	ctx: { logger: Logger; securityEvents?: SecurityEventSink },
	event: SecurityEvent,
) {
	const failed = event.kind === 'second-factor-failed' || event.kind === 'second-factor-replayed'
	ctx.logger[failed ? 'warn' : 'info']({ event: event.kind, ...event }, `security: ${event.kind}`)
	await ctx.securityEvents?.(event)
}
