import type { AppLoadContext } from 'react-router'
import type { SessionUser } from '~/.server/auth/guards'
import { refundLimitFor } from '~/.server/auth/staff-settings'
import { settleCancellation } from '~/.server/builds/cancellations'
import {
	markStageReached,
	recordBankTransfer,
	type StageResult,
} from '~/.server/builds/stage-payments'
import {
	BankTransferSchema,
	SettleCancellationSchema,
	StageReachedSchema,
} from '~/lib/builds/stage-forms'
import { type FieldErrors, parseForm } from '~/lib/forms'
import { atLondonTime } from '~/lib/london-time'

/**
 * The Payments section's staff intents on a project's page (decision 0038), called from the
 * page's action after its guard: mark a stage reached, record a bank transfer, settle an
 * early-start cancellation (a refund: the staff refund limit applies).
 */
export const PAYMENT_INTENTS = ['stage-reached', 'bank-transfer', 'settle-cancellation'] as const

type Answer = StageResult | { ok: false; status: 400; message: string; fieldErrors: FieldErrors }

export async function paymentIntent(
	intent: (typeof PAYMENT_INTENTS)[number],
	values: FormData,
	context: AppLoadContext,
	projectId: string,
	admin: Pick<SessionUser, 'id' | 'email' | 'role'>,
): Promise<Answer> {
	const deps = {
		db: context.db,
		provider: context.payments,
		siteUrl: context.env.SITE_URL,
		vatNumber: context.env.VAT_NUMBER,
		now: () => new Date(),
	}
	const staff = { id: admin.id, email: admin.email, role: admin.role ?? undefined }
	const invalid = (form: { formError: string; fieldErrors: FieldErrors }) => ({
		ok: false as const,
		status: 400 as const,
		message: form.formError,
		fieldErrors: form.fieldErrors,
	})
	if (intent === 'stage-reached') {
		const form = parseForm(StageReachedSchema, values)
		if (!form.ok) return invalid(form)
		return markStageReached(deps, projectId, { ...form.data, actor: admin.email })
	}
	if (intent === 'bank-transfer') {
		const form = parseForm(BankTransferSchema, values)
		if (!form.ok) return invalid(form)
		return recordBankTransfer(
			deps,
			projectId,
			{ ...form.data, paidOn: atLondonTime(form.data.paidOn, '12:00') },
			staff,
		)
	}
	const form = parseForm(SettleCancellationSchema, values)
	if (!form.ok) return invalid(form)
	return settleCancellation(
		deps,
		projectId,
		{
			workDonePence: form.data.workDone,
			version: form.data.version,
			refundLimitPence: await refundLimitFor(context.db, admin.role ?? ''),
		},
		staff,
	)
}
