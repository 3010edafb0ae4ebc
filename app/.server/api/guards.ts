import type { AppLoadContext } from 'react-router'
import { getSessionUser, type SessionUser } from '~/.server/auth/guards'
import { apiError } from './errors'

/** The JSON API's admin check: 401 signed out, 403 for customers (never a redirect). */
export async function requireApiAdmin(
	request: Request,
	context: AppLoadContext,
): Promise<{ ok: true; user: SessionUser } | { ok: false; response: Response }> {
	const user = await getSessionUser(request, context)
	if (!user)
		return {
			ok: false,
			response: apiError('UNAUTHENTICATED', 'You must be signed in as an admin.'),
		}
	if (!user.isAdmin) {
		context.logger.warn(
			{ userId: user.id, path: new URL(request.url).pathname },
			'api admin denied',
		)
		return {
			ok: false,
			response: apiError('PERMISSION_DENIED', 'You do not have permission to do this.'),
		}
	}
	return { ok: true, user }
}
