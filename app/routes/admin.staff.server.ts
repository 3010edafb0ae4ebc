import { type AppLoadContext, data } from 'react-router'
import type { z } from 'zod'
import { auditWho, recordAudit } from '~/.server/audit/audit-log'
import { requireAction } from '~/.server/auth/guards'
import {
	cancelInvitation,
	changeRole,
	inviteStaff,
	removeStaff,
	type StaffResult,
	signOutStaff,
} from '~/.server/auth/staff'
import { saveStaffRules, staffRules } from '~/.server/auth/staff-settings'
import { readForm } from '~/.server/http/read-body'
import { changedFields } from '~/lib/audit'
import { type FieldErrors, parseForm } from '~/lib/forms'
import { formatPence } from '~/lib/money'
import {
	CancelInviteSchema,
	ChangeRoleSchema,
	InviteSchema,
	RemoveStaffSchema,
	SignOutStaffSchema,
	STAFF_INTENTS,
	STAFF_MESSAGES,
	StaffRulesSchema,
} from '~/lib/staff-forms'

export type StaffActionData = {
	intent: string
	ok: boolean
	message: string
	fieldErrors?: FieldErrors
	values?: Record<string, string>
}

type Intent = (typeof STAFF_INTENTS)[number]
type Who = ReturnType<typeof auditWho>
type Handler<S extends z.ZodType> = {
	schema: S
	run: (input: z.output<S>, context: AppLoadContext, who: Who) => Promise<StaffResult>
}
const handler = <S extends z.ZodType>(schema: S, run: Handler<S>['run']) =>
	({ schema, run }) as Handler<z.ZodType>

/** /admin/staff's forms, by their intent (owner only: the route's one permission). */
const HANDLERS: Record<Intent, Handler<z.ZodType>> = {
	invite: handler(InviteSchema, (input, context, who) =>
		inviteStaff(context.db, { ...input, siteUrl: context.env.SITE_URL }, who),
	),
	'change-role': handler(ChangeRoleSchema, (input, context, who) =>
		changeRole(context.db, context.auth, input, who),
	),
	remove: handler(RemoveStaffSchema, (input, context, who) =>
		removeStaff(context.db, context.auth, input.userId, who),
	),
	'sign-out': handler(SignOutStaffSchema, (input, context, who) =>
		signOutStaff(context.db, context.auth, input.userId, who),
	),
	'cancel-invite': handler(CancelInviteSchema, (input, context, who) =>
		cancelInvitation(context.db, input.inviteId, who),
	),
	rules: handler(StaffRulesSchema, async (input, context, who) => {
		const before = await staffRules(context.db)
		const after = {
			refundLimitPence: input.refundLimit,
			auditRetentionMonths: input.auditRetentionMonths,
		}
		await context.db.transaction(async (tx) => {
			await saveStaffRules(tx, after, who.actor.email)
			await recordAudit(tx, {
				...who,
				kind: 'settings.change',
				subject: 'Staff rules',
				changes: changedFields(
					{
						refundLimit: formatPence(before.refundLimitPence),
						auditRetentionMonths: before.auditRetentionMonths,
					},
					{
						refundLimit: formatPence(after.refundLimitPence),
						auditRetentionMonths: after.auditRetentionMonths,
					},
				),
			})
		})
		return { ok: true, message: STAFF_MESSAGES.rulesSaved }
	}),
}

export async function staffAction(request: Request, context: AppLoadContext) {
	const owner = await requireAction(request, context, 'admin/staff')
	const form = await readForm(request)
	const intent = String(form.get('intent') ?? '')
	if (!(STAFF_INTENTS as readonly string[]).includes(intent))
		return data<StaffActionData>({ intent, ok: false, message: 'Unknown action.' }, { status: 400 })
	const { schema, run } = HANDLERS[intent as Intent]
	const parsed = parseForm(schema, form)
	if (!parsed.ok)
		return data<StaffActionData>(
			{
				intent,
				ok: false,
				message: parsed.formError,
				fieldErrors: parsed.fieldErrors,
				values: Object.fromEntries(
					[...form.entries()].filter(([, v]) => typeof v === 'string') as [string, string][],
				),
			},
			{ status: 400 },
		)
	const result = await run(parsed.data, context, auditWho(owner, context.clientIp))
	context.logger.info({ adminId: owner.id, intent, ok: result.ok }, 'staff change')
	return data<StaffActionData>({ intent, ...result }, { status: result.ok ? 200 : 409 })
}
