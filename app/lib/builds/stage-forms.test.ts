import { describe, expect, it } from 'vitest'
import { addDays, londonDate } from '~/lib/london-time'
import { BankTransferSchema, CancelBuildSchema, SettleCancellationSchema } from './stage-forms'

describe('the stage payment forms', () => {
	const today = londonDate(new Date())
	it('takes a bank transfer dated today, never tomorrow or a made-up date', () => {
		const ok = { stageId: '3', reference: 'PB-7F3K9Q', paidOn: today, version: '2' }
		expect(BankTransferSchema.safeParse(ok).success).toBe(true)
		expect(BankTransferSchema.safeParse({ ...ok, paidOn: addDays(today, 1) }).success).toBe(false)
		expect(BankTransferSchema.safeParse({ ...ok, paidOn: '2026-02-31x' }).success).toBe(false)
		expect(BankTransferSchema.safeParse({ ...ok, reference: '  ' }).success).toBe(false)
	})
	it('reads the work done in pounds as pence', () => {
		const parsed = SettleCancellationSchema.parse({ workDone: '£1,250.50', version: '1' })
		expect(parsed.workDone).toBe(125_050)
		expect(SettleCancellationSchema.safeParse({ workDone: '-5', version: '1' }).success).toBe(false)
	})
	it('cancels only with the box ticked', () => {
		expect(CancelBuildSchema.safeParse({ reason: '' }).success).toBe(false)
		expect(CancelBuildSchema.safeParse({ confirm: 'yes' }).success).toBe(true)
	})
})
