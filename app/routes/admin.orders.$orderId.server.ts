import { type AppLoadContext, data } from 'react-router'
import { z } from 'zod'
import { requireAction, requireAdmin } from '~/.server/auth/guards'
import { refundLimitFor } from '~/.server/auth/staff-settings'
import { readForm } from '~/.server/http/read-body'
import {
	type AdminResult,
	addNote,
	markDelivered,
	markPaid,
	markShipped,
} from '~/.server/orders/actions/admin-actions'
import { cancelOrder, uncancelOrder } from '~/.server/orders/actions/cancel-order'
import { auditOrderAction, orderForAudit } from '~/.server/orders/actions/order-audit'
import { refundPart } from '~/.server/orders/actions/partial-refund'
import { setDeliveryCost } from '~/.server/orders/actions/set-delivery-cost'
import { type OrderDeps, orderDeps } from '~/.server/orders/lifecycle/deps'
import { checkPaymentStatus, resolvePaymentAlert } from '~/.server/orders/payments/payment-checks'
import type { OrderActionData } from '~/components/admin/order-confirmation'
import {
	AddNoteSchema,
	DeliveryCostSchema,
	MarkPaidSchema,
	MarkShippedSchema,
	ORDER_INTENTS,
	type OrderIntent,
	ResolvePaymentAlertSchema,
	VersionOnlySchema,
} from '~/lib/admin-order-schemas'
import { parseForm } from '~/lib/forms'
import { formatPence } from '~/lib/money'
import { RefundSchema } from '~/lib/request-schemas'

type Reply = ReturnType<typeof data<OrderActionData>>

/** What each intent's handler gets besides its parsed form. */
type IntentContext = {
	deps: OrderDeps
	orderId: string
	actor: { kind: 'admin'; id: string }
	form: FormData
	/** The person's refund limit (staff), for a refund or a cancellation that refunds. */
	refundLimitPence?: number
	target: (version: number) => {
		orderId: string
		actor: { kind: 'admin'; id: string }
		expectedVersion: number
		refundLimitPence?: number
	}
}

/** One intent: the zod schema its form must pass, and what to do with the parsed values. */
const intent = <S extends z.ZodType>(
	schema: S,
	run: (input: z.output<S>, context: IntentContext) => Promise<Reply>,
) => ({ schema, run: run as (input: unknown, context: IntentContext) => Promise<Reply> })

const reply = (result: AdminResult): Reply =>
	result.ok
		? data({ ok: true, message: result.message, tone: result.tone })
		: data(
				{ ok: false, message: result.message, tone: 'error' },
				{ status: { NOT_FOUND: 404, ABORTED: 409, INVALID_ARGUMENT: 400 }[result.status] },
			)

/** The modal's forms, by their `intent` field (spec section 8 Admin; one schema per form). */
const INTENTS: Record<OrderIntent, ReturnType<typeof intent>> = {
	'set-delivery-cost': intent(DeliveryCostSchema, async (input, { deps, target }) => {
		const { version, deliveryCost, adminNotes, confirmReplace, suggestion } = input
		const result = await setDeliveryCost(deps, target(version), {
			deliveryCostPence: deliveryCost,
			adminNotes,
			confirmReplace,
			suggestion,
		})
		if (!result.ok && result.code === 'needs_confirmation')
			return data({
				ok: false,
				confirm: 'price-update',
				values: { deliveryCostPence: deliveryCost, adminNotes, suggestion },
			})
		return reply(result)
	}),
	'mark-paid': intent(MarkPaidSchema, async (input, { deps, target }) =>
		reply(await markPaid(deps, target(input.version), input)),
	),
	'mark-shipped': intent(MarkShippedSchema, async (input, { deps, target }) =>
		reply(await markShipped(deps, target(input.version), input)),
	),
	'mark-delivered': intent(VersionOnlySchema, async (input, { deps, target }) =>
		reply(await markDelivered(deps, target(input.version))),
	),
	cancel: intent(VersionOnlySchema, async (input, { deps, target, form }) =>
		form.get('confirmed') === 'yes'
			? reply(await cancelOrder(deps, target(input.version)))
			: data({ ok: false, confirm: 'cancel' }),
	),
	uncancel: intent(VersionOnlySchema, async (input, { deps, target }) =>
		reply(await uncancelOrder(deps, target(input.version))),
	),
	// Asks the provider; changes the order only through the payment it finds.
	'check-payment': intent(z.object({}), async (_input, { deps, orderId }) => {
		const { ok, tone, message } = await checkPaymentStatus(deps, orderId)
		return data({ ok, tone, message })
	}),
	'resolve-payment-alert': intent(ResolvePaymentAlertSchema, async (input, { deps, target }) => {
		const result = await resolvePaymentAlert(deps, target(input.version), input.note)
		return data(result, { status: result.ok ? 200 : 409 })
	}),
	// No version: the form's key makes a second click answer with the first refund.
	refund: intent(RefundSchema, async (input, { deps, orderId, actor, refundLimitPence }) =>
		reply(
			await refundPart(
				deps,
				{ orderId, actor, refundLimitPence },
				{
					amountPence: input.amount,
					reason: input.reason,
					refundKey: input.refundKey,
				},
			),
		),
	),
	// Any status, no version: a note changes nothing another admin could be overwriting.
	'add-note': intent(AddNoteSchema, async (input, { deps, orderId, actor }) =>
		reply(await addNote(deps, { orderId, actor }, input.note)),
	),
}

const FAILED: Partial<Record<OrderIntent, string>> = {
	'set-delivery-cost': 'Failed to update order',
	cancel: 'Failed to cancel order',
	uncancel: 'Failed to uncancel order',
}

/** The order modal's forms: the intent's schema, then its domain function; field errors stay in place. */
export async function orderAction(request: Request, context: AppLoadContext, orderId: string) {
	// Signed out or a customer: refused before the form is read.
	await requireAdmin(request, context)
	const form = await readForm(request)
	const admin = await requireAction(request, context, 'admin/orders/:orderId', form.get('intent'))
	const name = String(form.get('intent')) as OrderIntent
	if (!ORDER_INTENTS.includes(name))
		return data<OrderActionData>(
			{ ok: false, message: 'Unknown action.', tone: 'error' },
			{ status: 400 },
		)
	const { schema, run } = INTENTS[name]
	const parsed = parseForm(schema, form)
	if (!parsed.ok)
		return data<OrderActionData>(
			{ ok: false, message: parsed.formError, tone: 'error', fieldErrors: parsed.fieldErrors },
			{ status: 400 },
		)
	try {
		const actor = { kind: 'admin', id: admin.id } as const
		const refundLimitPence = await refundLimitFor(context.db, admin.role)
		const before = await orderForAudit(context.db, orderId)
		const answer = await run(parsed.data, {
			deps: orderDeps(context),
			orderId,
			actor,
			form,
			refundLimitPence,
			target: (version) => ({ orderId, actor, expectedVersion: version, refundLimitPence }),
		})
		// A repeated refund form ('already made', a warning) refunded nothing more.
		const done = answer.data.ok && (name !== 'refund' || answer.data.tone === 'success')
		const refunded = name === 'refund' ? (parsed.data as { amount: number; reason: string }) : null
		await auditOrderAction(
			context.db,
			{ actor: admin, ip: context.clientIp },
			name,
			orderId,
			before,
			done,
			refunded ? `${formatPence(refunded.amount)}: ${refunded.reason}` : '',
		)
		return answer
	} catch (error) {
		context.logger.error({ err: error, intent: name }, 'admin order action failed')
		return data<OrderActionData>(
			{ ok: false, message: FAILED[name] ?? 'An unexpected error occurred', tone: 'error' },
			{ status: 500 },
		)
	}
}
