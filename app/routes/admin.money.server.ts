import { data } from 'react-router'
import { auditWho, recordAudit } from '~/.server/audit/audit-log'
import { requireAction } from '~/.server/auth/guards'
import { closePeriod } from '~/.server/books/closed-periods'
import { isVatRegistered } from '~/.server/books/report'
import { getBooksSettings, saveBooksSettings } from '~/.server/books/settings'
import { readForm } from '~/.server/http/read-body'
import { changedFields, flatFields } from '~/lib/audit'
import { BooksSettingsSchema, ClosePeriodSchema } from '~/lib/books/settings'
import { type FieldErrors, formValues, parseForm } from '~/lib/forms'
import { londonDate } from '~/lib/london-time'
import type { Route } from './+types/admin.money'

export type MoneyActionData = {
	intent: 'close' | 'settings' | 'unknown'
	ok: boolean
	message: string
	fieldErrors: FieldErrors
	values?: Record<string, string>
}

const answer = (body: MoneyActionData, status = body.ok ? 200 : 400) => data(body, { status })

/** POST /admin/money: close a VAT period, or save the books' settings (issue 61). */
export async function moneyAction({ request, context }: Route.ActionArgs) {
	const admin = await requireAction(request, context, 'admin/money')
	const values = formValues(await readForm(request))
	if (values.intent === 'settings') {
		const parsed = parseForm(BooksSettingsSchema, values)
		if (!parsed.ok)
			return answer({
				intent: 'settings',
				ok: false,
				message: parsed.formError,
				fieldErrors: parsed.fieldErrors,
				values,
			})
		const before = await getBooksSettings(context.db)
		await saveBooksSettings(context.db, admin.email, parsed.data)
		await recordAudit(context.db, {
			...auditWho(admin, context.clientIp),
			kind: 'settings.change',
			subject: 'Books settings',
			changes: changedFields(flatFields(before), flatFields(parsed.data)),
		})
		context.logger.info({ adminId: admin.id }, 'books settings changed')
		return answer({ intent: 'settings', ok: true, message: 'Settings saved.', fieldErrors: {} })
	}
	if (values.intent === 'close') {
		const parsed = parseForm(ClosePeriodSchema, values)
		if (!parsed.ok)
			return answer({ intent: 'close', ok: false, message: parsed.formError, fieldErrors: {} })
		const result = await closePeriod(context.db, parsed.data, {
			today: londonDate(new Date()),
			registered: await isVatRegistered(context.db, context.env.VAT_NUMBER),
			closedBy: admin.email,
		})
		if (!result.ok)
			return answer({ intent: 'close', ok: false, message: result.message, fieldErrors: {} }, 409)
		context.logger.info({ adminId: admin.id, ...parsed.data }, 'VAT period closed')
		return answer({
			intent: 'close',
			ok: true,
			message: 'Period closed. Its figures are stored and will not change.',
			fieldErrors: {},
		})
	}
	return answer({
		intent: 'unknown',
		ok: false,
		message: 'That action is not one this page knows.',
		fieldErrors: {},
	})
}
