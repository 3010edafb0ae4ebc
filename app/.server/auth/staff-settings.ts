import { eq } from 'drizzle-orm'
import type { Db, Tx } from '~/.server/db/client'
import { staffSettings } from '~/.server/db/schema'
import { AUDIT_RETENTION_MONTHS_DEFAULT } from '~/lib/audit'
import { REFUND_LIMIT_DEFAULT_PENCE } from '~/lib/staff-forms'

export type StaffRules = { refundLimitPence: number; auditRetentionMonths: number }

export const DEFAULT_STAFF_RULES: StaffRules = {
	refundLimitPence: REFUND_LIMIT_DEFAULT_PENCE,
	auditRetentionMonths: AUDIT_RETENTION_MONTHS_DEFAULT,
}

/** The owner's rules for staff, or the defaults (£250 refunds, two years of audit log). */
export async function staffRules(db: Db | Tx): Promise<StaffRules> {
	const [row] = await db.select().from(staffSettings).where(eq(staffSettings.id, 1))
	return row
		? { refundLimitPence: row.refundLimitPence, auditRetentionMonths: row.auditRetentionMonths }
		: DEFAULT_STAFF_RULES
}

export async function saveStaffRules(tx: Db | Tx, rules: StaffRules, changedBy: string) {
	const values = { ...rules, changedBy, changedAt: new Date() }
	await tx
		.insert(staffSettings)
		.values({ id: 1, ...values })
		.onConflictDoUpdate({ target: staffSettings.id, set: values })
}

/**
 * The refund limit that applies to a person: none for an owner, the owner's limit for anyone else
 * (the guards let only owners and staff refund at all).
 */
export async function refundLimitFor(db: Db, role: string): Promise<number | undefined> {
	if (role === 'owner') return undefined
	return (await staffRules(db)).refundLimitPence
}

/** Whether staff must use a second factor (the owner may relax it; owners always need one). */
export async function readStaffRule(db: Db | Tx) {
	const [row] = await db
		.select({ required: staffSettings.staffSecondFactorRequired })
		.from(staffSettings)
		.where(eq(staffSettings.id, 1))
	return { staffRequired: row?.required ?? true }
}

export async function saveStaffRule(db: Db | Tx, staffRequired: boolean, changedBy: string) {
	const set = { staffSecondFactorRequired: staffRequired, changedBy, changedAt: new Date() }
	await db
		.insert(staffSettings)
		.values({ id: 1, ...DEFAULT_STAFF_RULES, ...set })
		.onConflictDoUpdate({ target: staffSettings.id, set })
}
