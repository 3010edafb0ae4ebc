import { z } from 'zod'
import { poundsField } from './admin-order-schemas'
import { AUDIT_RETENTION_MONTHS_DEFAULT } from './audit'
import { isEmailAddress } from './email-address'
import { formatPence } from './money'
import { STAFF_ROLES } from './staff-access'
import { safeText } from './text-safety'
import { wholeNumber } from './whole-number'

/** The staff pages' forms (issue 60 item 2), one schema each, shared by the page and its action. */
export const INVITE_HOURS = 72
export const REFUND_LIMIT_DEFAULT_PENCE = 25_000
/** £1 million: a typing mistake beyond it, and well inside the integer column. */
const REFUND_LIMIT_MAX_PENCE = 100_000_000

export const STAFF_MESSAGES = {
	invalidEmail: 'Please enter a valid email address.',
	chooseRole: 'Please choose a role.',
	alreadyStaff: 'That person already works here. Change their role below instead.',
	invited: (email: string) =>
		`Invitation sent to ${email}. The link works once, for ${INVITE_HOURS} hours.`,
	lastOwner: 'The shop must keep at least one owner, so this change was not made.',
	notYourself: 'You cannot remove yourself. Ask another owner to do it.',
	notYourselfSignOut:
		"To sign yourself out elsewhere, use 'Sign out everywhere else' on Your account.",
	notFound: 'That person is no longer on the staff list.',
	roleChanged: (email: string, role: string) => `${email} is now ${role}.`,
	removed: (email: string) => `${email} was removed and signed out everywhere.`,
	signedOut: (email: string, devices: number) =>
		`${email} was signed out on ${devices === 1 ? '1 device' : `${devices} devices`}.`,
	rulesSaved: 'Staff rules saved.',
	inviteInvalid:
		'This invitation link has expired or has already been used. Please ask the owner for a new one.',
	namesRequired: 'Please enter your first and last name.',
	passwordsDiffer: 'Passwords do not match',
} as const

export const refundLimitMessage = (limitPence: number) =>
	`Refunds over ${formatPence(limitPence)} need the owner.`

const role = z.enum(STAFF_ROLES, { error: STAFF_MESSAGES.chooseRole })
const userId = safeText().trim().min(1).max(100)

export const InviteSchema = z.object({
	email: safeText()
		.trim()
		.toLowerCase()
		.max(254)
		.refine(isEmailAddress, STAFF_MESSAGES.invalidEmail),
	role,
})

export const ChangeRoleSchema = z.object({ userId, role })
export const RemoveStaffSchema = z.object({ userId })
export const SignOutStaffSchema = RemoveStaffSchema

export const StaffRulesSchema = z.object({
	refundLimit: poundsField('Please enter the refund limit in pounds, for example 250.').refine(
		(pence) => pence <= REFUND_LIMIT_MAX_PENCE,
		'Please enter a limit up to £1,000,000.',
	),
	auditRetentionMonths: wholeNumber('Please enter a number of months from 12 to 120.', {
		min: 12,
		max: 120,
	}).default(AUDIT_RETENTION_MONTHS_DEFAULT),
})

const name = safeText().trim().max(100).default('')
export const AcceptInviteSchema = z
	.object({
		firstName: name,
		lastName: name,
		password: safeText({ keepFormatCharacters: true }).max(1024).default(''),
		confirmPassword: safeText({ keepFormatCharacters: true }).max(1024).default(''),
	})
	.superRefine((v, ctx) => {
		if (!v.firstName || !v.lastName)
			ctx.addIssue({
				code: 'custom',
				message: STAFF_MESSAGES.namesRequired,
				path: [v.firstName ? 'lastName' : 'firstName'],
			})
		else if (v.password !== v.confirmPassword)
			ctx.addIssue({
				code: 'custom',
				message: STAFF_MESSAGES.passwordsDiffer,
				path: ['confirmPassword'],
			})
	})

export const STAFF_INTENTS = [
	'invite',
	'change-role',
	'remove',
	'sign-out',
	'rules',
	'cancel-invite',
] as const
export const CancelInviteSchema = z.object({ inviteId: safeText().trim().min(1).max(100) })
