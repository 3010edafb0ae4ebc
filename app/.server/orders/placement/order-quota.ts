import { ipKey, withinLimits } from '~/.server/auth/attempt-limiter'
import type { Db } from '~/.server/db/client'
import type { Env } from '~/.server/env'
import { BUSINESS } from '~/lib/business'

/**
 * How many orders one account (ORDERS_PER_HOUR, default 10), and one client address
 * (ORDERS_PER_HOUR_PER_IP, default 30, IPv6 by /64), may place in an hour. Every order emails the
 * business and waits for a person to price it, so a script placing twenty a second floods both; a
 * real customer places one or two. Counted in the database (login_attempts), so the limit holds
 * across instances. 0 turns a limit off (load tests).
 */
const WINDOW_MINUTES = 60

export const TOO_MANY_ORDERS_MESSAGE = `You have placed a lot of orders in a short time. Please try again later, or call us on ${BUSINESS.phone}.`

/** The quota a placement asks just before it writes (placeOrder), and what a refusal says. */
export type OrderQuota = { take: () => Promise<boolean>; message: string }

type QuotaContext = {
	db: Db
	clientIp: string | undefined
	env: Pick<Env, 'ORDERS_PER_HOUR' | 'ORDERS_PER_HOUR_PER_IP'>
}

/**
 * The account's hourly order quota for placeOrder: counted only for a request that passed every
 * check (issue 62 item 10), so invalid ones — a quantity that is not a number, a phone number with
 * a letter — are answered with what is wrong, never with this quota's 429.
 */
export const orderQuota = (context: QuotaContext, userId: string): OrderQuota => ({
	take: () => takeOrderQuota(context, userId),
	message: TOO_MANY_ORDERS_MESSAGE,
})

/**
 * Counts this order attempt; false (answer 429) when the account or the address is over its
 * quota. The address counts only attempts its account was allowed, so one account hammering
 * away does not use up what others behind the same address may place.
 */
async function takeOrderQuota(context: QuotaContext, userId: string) {
	const { ORDERS_PER_HOUR: perAccount, ORDERS_PER_HOUR_PER_IP: perIp } = context.env
	const windowMinutes = WINDOW_MINUTES
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
