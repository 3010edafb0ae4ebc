import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import type { SiteAccess } from '~/lib/delivery/suggest'

// better-auth's tables (core + admin plugin). The spec's user profile (firstName, lastName,
// delivery details) lives on the user row itself, so registration writes it in one insert.
export const user = pgTable('user', {
	id: text('id').primaryKey(),
	name: text('name').notNull(),
	email: text('email').notNull().unique(),
	emailVerified: boolean('email_verified').notNull().default(false),
	image: text('image'),
	createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
	role: text('role').notNull().default('user'),
	banned: boolean('banned').default(false),
	banReason: text('ban_reason'),
	banExpires: timestamp('ban_expires', { withTimezone: true }),
	firstName: text('first_name').notNull().default(''),
	lastName: text('last_name').notNull().default(''),
	phone: text('phone').notNull().default(''),
	address1: text('address1').notNull().default(''),
	address2: text('address2').notNull().default(''),
	city: text('city').notNull().default(''),
	postcode: text('postcode').notNull().default(''),
	/** What a courier needs to know (saved from checkout when the customer asks). */
	siteAccess: jsonb('site_access').$type<SiteAccess>(),
	/** Set by better-auth's twoFactor plugin once an authenticator app is confirmed. */
	twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
})

export const session = pgTable(
	'session',
	{
		id: text('id').primaryKey(),
		expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
		token: text('token').notNull().unique(),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
		ipAddress: text('ip_address'),
		userAgent: text('user_agent'),
		userId: text('user_id')
			.notNull()
			.references(() => user.id, { onDelete: 'cascade' }),
		impersonatedBy: text('impersonated_by'),
	},
	(t) => [index('session_user_idx').on(t.userId)],
)

export const account = pgTable(
	'account',
	{
		id: text('id').primaryKey(),
		accountId: text('account_id').notNull(),
		providerId: text('provider_id').notNull(),
		userId: text('user_id')
			.notNull()
			.references(() => user.id, { onDelete: 'cascade' }),
		accessToken: text('access_token'),
		refreshToken: text('refresh_token'),
		idToken: text('id_token'),
		accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
		refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
		scope: text('scope'),
		password: text('password'),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [index('account_user_idx').on(t.userId)],
)

export const verification = pgTable(
	'verification',
	{
		id: text('id').primaryKey(),
		identifier: text('identifier').notNull(),
		value: text('value').notNull(),
		expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [index('verification_identifier_idx').on(t.identifier)],
)

/**
 * Attempt counters shared by every instance (attempt-limiter.ts): failed sign-ins, registrations
 * and reset requests, each per email (hashed) and per client IP. The key says which.
 */
export const loginAttempts = pgTable('login_attempts', {
	key: text('key').primaryKey(),
	failures: integer('failures').notNull(),
	windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
	/** The latest attempt: sign-in delays grow from here. */
	lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * Invitations to the back office (issue 60 item 2): the link's token is only in the email; this
 * keeps its SHA-256. One use, 72 hours.
 */
export const staffInvitations = pgTable(
	'staff_invitations',
	{
		id: text('id').primaryKey(),
		email: text('email').notNull(),
		role: text('role').notNull(),
		tokenHash: text('token_hash').notNull().unique(),
		invitedBy: text('invited_by').notNull(),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
		usedAt: timestamp('used_at', { withTimezone: true }),
	},
	(t) => [index('staff_invitations_email_idx').on(t.email)],
)

/** The owner's rules for staff (one row, id 1; none means the defaults in app/lib/staff-rules.ts). */
export const staffSettings = pgTable('staff_settings', {
	id: integer('id').primaryKey(),
	/** The largest refund a staff member may make, in pence (owners have no limit). */
	refundLimitPence: integer('refund_limit_pence').notNull(),
	/** How long audit entries are kept, in months. */
	auditRetentionMonths: integer('audit_retention_months').notNull(),
	/** Whether staff (not owners, who always need one) must sign in with a second factor. */
	staffSecondFactorRequired: boolean('staff_second_factor_required').notNull().default(true),
	changedBy: text('changed_by').notNull(),
	changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * A person's authenticator-app secret and backup codes (better-auth's twoFactor plugin, both
 * encrypted with the auth secret). `lastTotpStep` is ours: the 30-second step of the last code
 * accepted, so the same code cannot be used twice within its window (second-factor.ts).
 */
export const twoFactor = pgTable(
	'two_factor',
	{
		id: text('id').primaryKey(),
		secret: text('secret').notNull(),
		backupCodes: text('backup_codes').notNull(),
		userId: text('user_id')
			.notNull()
			.references(() => user.id, { onDelete: 'cascade' }),
		verified: boolean('verified').default(true),
		failedVerificationCount: integer('failed_verification_count').default(0),
		lockedUntil: timestamp('locked_until', { withTimezone: true }),
		lastTotpStep: integer('last_totp_step').notNull().default(0),
	},
	(t) => [index('two_factor_user_idx').on(t.userId)],
)

/** Passkeys (WebAuthn credentials) a person registered as a second way through sign-in's second step. */
export const passkey = pgTable(
	'passkey',
	{
		id: text('id').primaryKey(),
		name: text('name'),
		publicKey: text('public_key').notNull(),
		userId: text('user_id')
			.notNull()
			.references(() => user.id, { onDelete: 'cascade' }),
		credentialID: text('credential_id').notNull(),
		counter: integer('counter').notNull(),
		deviceType: text('device_type').notNull(),
		backedUp: boolean('backed_up').notNull(),
		transports: text('transports'),
		createdAt: timestamp('created_at', { withTimezone: true }).defaultNow(),
		aaguid: text('aaguid'),
	},
	(t) => [
		index('passkey_user_idx').on(t.userId),
		index('passkey_credential_idx').on(t.credentialID),
	],
)
