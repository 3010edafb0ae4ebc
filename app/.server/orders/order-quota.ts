import type { AppLoadContext } from 'react-router'
import { ipKey, withinLimits } from '~/.server/auth/attempt-limiter'
import { BUSINESS } from '~/lib/business'

/**
 * How many orders one account, and one client address (IPv6 by /64), may place in an hour.
 * Every order emails the business and waits for a person to price it, so a script placing
 * twenty a second floods both; a real customer places one or two. Counted in the database
 * (login_attempts), so the limit holds across instances. 0 turns a limit off (load tests).
 */
export const ORDER_QUOTA = { perAccount: 10, perIp: 30, windowMinutes: 60 } as const

export const TOO_MANY_ORDERS_MESSAGE = `You have placed a lot of orders in a short time. Please try again later, or call us on ${BUSINESS.phone}.`

/** The settings env.ts parses (ORDERS_PER_HOUR, ORDERS_PER_HOUR_PER_IP); the defaults otherwise. */
type QuotaSettings = { ORDERS_PER_HOUR?: number; ORDERS_PER_HOUR_PER_IP?: number }

/**
 * Counts this order attempt; false (answer 429) when the account or the address is over its
 * quota. The address counts only attempts its account was allowed, so one account hammering
 * away does not use up what others behind the same address may place.
 */
export async function takeOrderQuota(
	context: Pick<AppLoadContext, 'db' | 'clientIp' | 'env'>,
	userId: string,
) {
	const settings = context.env as QuotaSettings
	const { windowMinutes } = ORDER_QUOTA
	const perAccount = settings.ORDERS_PER_HOUR ?? ORDER_QUOTA.perAccount
	const perIp = settings.ORDERS_PER_HOUR_PER_IP ?? ORDER_QUOTA.perIp
	if (
		!(await withinLimits(context.db, windowMinutes, [
			{ key: `order:user:${userId}`, limit: perAccount },
		]))
	)
		return false
	if (!context.clientIp) return true
	return withinLimits(context.db, windowMinutes, [
		{ key: ipKey('order', context.clientIp), limit: perIp },
	])
}
