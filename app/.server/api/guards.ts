import type { AppLoadContext } from 'react-router'
import type { z } from 'zod'
import { getSessionUser, mustSetUpSecondFactor, type SessionUser } from '~/.server/auth/guards'
import { type AdminRoute, actionPermission, can } from '~/lib/staff-access'
import { apiError, methodNotAllowed, readJson } from './errors'

/** The JSON API's admin check: 401 signed out, 403 for customers (never a redirect). */
export async function requireApiAdmin(
	request: Request,
	context: AppLoadContext,
	route: AdminRoute,
): Promise<{ ok: true; user: SessionUser } | { ok: false; response: Response }> {
	const user = await getSessionUser(request, context)
	if (!user)
		return {
			ok: false,
			response: apiError('UNAUTHENTICATED', 'You must be signed in as an admin.'),
		}
	if (!can(user.role, actionPermission(route))) {
		context.logger.warn(
			{ userId: user.id, path: new URL(request.url).pathname },
			'api admin denied',
		)
		return {
			ok: false,
			response: apiError('PERMISSION_DENIED', 'You do not have permission to do this.'),
		}
	}
	// As the admin pages: staff without their second factor set up get no further (decision 0036).
	if (await mustSetUpSecondFactor(context, user))
		return {
			ok: false,
			response: apiError(
				'PERMISSION_DENIED',
				'Set up two-step sign-in at /account/security before using the admin.',
			),
		}
	return { ok: true, user }
}

/**
 * The preamble of every admin callable: POST only, an admin session, a JSON body that parses with
 * `schema`. Either the admin and the typed input, or the error response to send.
 */
export async function readAdminCall<S extends z.ZodType>(
	request: Request,
	context: AppLoadContext,
	route: AdminRoute,
	schema: S,
): Promise<
	{ ok: true; user: SessionUser; input: z.output<S> } | { ok: false; response: Response }
> {
	if (request.method !== 'POST') return { ok: false, response: methodNotAllowed() }
	const admin = await requireApiAdmin(request, context, route)
	if (!admin.ok) return admin
	const json = await readJson(request)
	if (!json.ok) return json
	const parsed = schema.safeParse(json.body)
	if (!parsed.success)
		return {
			ok: false,
			response: apiError('INVALID_ARGUMENT', parsed.error.issues[0]?.message ?? 'Invalid request.'),
		}
	return { ok: true, user: admin.user, input: parsed.data }
}
