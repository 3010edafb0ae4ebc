import type { AppLoadContext } from 'react-router'
import { data, redirect } from 'react-router'
import { recordAudit } from '~/.server/audit/audit-log'
import { secondFactorRequired } from '~/lib/second-factor'
import {
	type AdminRoute,
	actionPermission,
	can,
	isOwnerOnly,
	isStaffRole,
	loaderPermission,
	type Permission,
	type StaffRole,
} from '~/lib/staff-access'
import { hasControlCharacters } from '~/lib/text-safety'
import { SESSION_IDLE_MINUTES, STAFF_SESSION_IDLE_MINUTES } from './auth'
import { keepSessionAlive, sessionLastActive, TOUCH_AFTER_MS } from './session-activity'
import { type CachedSession, credentialOf, sessionCacheFor } from './session-cache'
import { readStaffRule } from './staff-settings'

export type SessionUser = {
	id: string
	email: string
	firstName: string
	lastName: string
	/** Any staff role (owner, staff or bookkeeper): may open the back office at all. */
	isAdmin: boolean
	/** 'owner', 'staff', 'bookkeeper', or 'user' for a customer (app/lib/staff-access.ts). */
	role: StaffRole | 'user'
	/** The session this request came with (the devices list marks it). */
	sessionId: string
	twoFactorEnabled: boolean
}

/**
 * One session lookup per request, shared by every loader and action of that request (the server
 * makes a new memo for each request, so nothing can carry over from one person to another). The
 * router handler reads it afterwards to keep the session hint cookie true.
 */
export type SessionMemo = { user?: Promise<SessionUser | null> }

/** The signed-in user, or null. An auth failure counts as signed out (never as an error page). */
export function getSessionUser(request: Request, context: AppLoadContext) {
	if (!context.session) return lookUpSession(request, context)
	context.session.user ??= lookUpSession(request, context)
	return context.session.user
}

async function lookUpSession(
	request: Request,
	context: AppLoadContext,
): Promise<SessionUser | null> {
	const credential = credentialOf(request.headers)
	if (!credential) return null
	try {
		const cache = sessionCacheFor(context.auth)
		let found: Omit<CachedSession, 'until'> | null | undefined = cache.get(credential)
		if (found) {
			// A session ended on any instance (signed out from another device, a reset second
			// factor) stops here on its next request: one primary-key read (decision 0036).
			const latest = await sessionLastActive(context.db, found.session.id)
			if (!latest) {
				cache.forget({ credential })
				return null
			}
			found.session.updatedAt = latest
		} else {
			found = await context.auth.api.getSession({ headers: request.headers })
			if (found) cache.set(credential, found)
		}
		if (!found) return null
		const now = Date.now()
		const idleMinutes = isStaffRole(found.user.role)
			? STAFF_SESSION_IDLE_MINUTES
			: SESSION_IDLE_MINUTES
		if (!(await keepSessionAlive(context.db, found.session, now, idleMinutes))) {
			cache.forget({ credential })
			context.logger.info({ userId: found.user.id }, 'session ended after idle timeout')
			return null
		}
		// The cached copy follows the activity just written, so the next request does not write it.
		if (now - new Date(found.session.updatedAt).getTime() > TOUCH_AFTER_MS)
			found.session.updatedAt = new Date(now)
		const u = found.user
		return {
			id: u.id,
			email: u.email,
			firstName: u.firstName ?? '',
			lastName: u.lastName ?? '',
			isAdmin: isStaffRole(u.role),
			role: isStaffRole(u.role) ? u.role : 'user',
			sessionId: found.session.id,
			twoFactorEnabled: Boolean(u.twoFactorEnabled),
		}
	} catch (error) {
		context.logger.warn({ err: error }, 'session lookup failed')
		return null
	}
}

/** For customer pages and actions: signed-out visitors go to sign in, then come back. */
export async function requireUser(request: Request, context: AppLoadContext, signInPath = '/auth') {
	const user = await getSessionUser(request, context)
	if (!user) {
		const url = new URL(request.url)
		context.logger.info({ path: url.pathname }, 'sign-in required')
		throw redirect(`${signInPath}?redirectTo=${encodeURIComponent(url.pathname + url.search)}`)
	}
	return user
}

/**
 * Any staff role: signed out → home; a customer → 403. Admin routes use `requireAccess` or
 * `requireAction` (below), which also check the route's permission.
 */
export async function requireAdmin(request: Request, context: AppLoadContext) {
	const user = await getSessionUser(request, context)
	if (!user) throw redirect('/')
	if (!user.isAdmin) {
		context.logger.warn(
			{ userId: user.id, path: new URL(request.url).pathname },
			'admin access denied',
		)
		throw data({ accessDenied: true }, { status: 403 })
	}
	// Staff without a second factor set it up before any admin page opens (issue 60 item 3).
	if (!user.twoFactorEnabled && (await mustSetUpSecondFactor(context, user)))
		throw redirect('/account/security?required=1')
	return user
}

/** For an admin route's loader: the permission app/lib/staff-access.ts gives it, or 403. */
export async function requireAccess(request: Request, context: AppLoadContext, route: AdminRoute) {
	return requirePermission(request, context, loaderPermission(route))
}

/**
 * For an admin route's action (with the form's intent where its intents differ): the permission
 * the table gives it, or 403. A refusal of an owner-only action is written to the audit log.
 */
export async function requireAction(
	request: Request,
	context: AppLoadContext,
	route: AdminRoute,
	intent?: FormDataEntryValue | null,
) {
	const permission = actionPermission(route, typeof intent === 'string' ? intent : undefined)
	return requirePermission(request, context, permission, typeof intent === 'string' ? intent : '')
}

/** The check itself (for a loader, `intent` is undefined). */
export async function requirePermission(
	request: Request,
	context: AppLoadContext,
	permission: Permission,
	intent?: string,
) {
	const user = await requireAdmin(request, context)
	if (can(user.role, permission)) return user
	const path = new URL(request.url).pathname
	context.logger.warn({ userId: user.id, path, permission }, 'admin permission denied')
	if (intent !== undefined && isOwnerOnly(permission))
		await recordAudit(context.db, {
			actor: { id: user.id, email: user.email, role: user.role },
			ip: context.clientIp,
			kind: 'access.denied',
			subject: path.slice(0, 200),
			detail: `${intent ? `${intent.slice(0, 40)}: ` : ''}needs ${permission}`,
		})
	throw data({ accessDenied: true }, { status: 403 })
}

/** Whether this person may not use the admin until a second factor is set up. */
export async function mustSetUpSecondFactor(context: AppLoadContext, user: SessionUser) {
	if (user.twoFactorEnabled || !user.isAdmin) return false
	const rule = await readStaffRule(context.db)
	return secondFactorRequired(user, {
		...rule,
		relaxedForTests: context.env.STAFF_SECOND_FACTOR === 'relaxed-for-tests',
	})
}

/** Longer than any page of the shop: a longer redirectTo is not one of ours. */
export const REDIRECT_PATH_MAX = 512

/**
 * Only same-site paths may be redirect targets (no open redirects): the target is resolved against
 * SITE_URL as a browser would, must stay on its origin, and only path + search are returned.
 * The one check for every redirectTo (sign-in, checkout, staff email links).
 */
export function safeRedirectPath(
	target: string | null | undefined,
	siteUrl: string,
	fallback = '/',
) {
	// Browsers drop tabs and newlines from URLs (`/\t/evil` becomes `//evil`) and read `\` as `/`.
	if (
		!target?.startsWith('/') ||
		target.length > REDIRECT_PATH_MAX ||
		hasControlCharacters(target) ||
		target.includes('\\')
	)
		return fallback
	let url: URL
	try {
		url = new URL(target, siteUrl)
	} catch {
		return fallback
	}
	const path = url.pathname + url.search
	// `/.//evil.example` resolves to the path `//evil.example`, which a browser reads as a host.
	if (
		url.origin !== new URL(siteUrl).origin ||
		path.startsWith('//') ||
		path.length > REDIRECT_PATH_MAX
	)
		return fallback
	return path
}
