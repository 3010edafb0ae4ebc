import { bearer } from 'better-auth/plugins'

/** A client that wants the session token as a bearer token (not a browser) sends this header. */
export const BEARER_REQUEST_HEADER = 'x-request-bearer-token'

/**
 * better-auth's bearer plugin, except that the session token goes out in `set-auth-token` only
 * when the request asked for it. The stock plugin adds it (exposed to page scripts) to every
 * response that sets the session cookie, which undoes HttpOnly for the normal cookie sign-in.
 * Only the signed token (`<token>.<HMAC>`, what `set-auth-token` carries) is accepted: the raw
 * token is what the database (and so a backup or a copy of it) holds, and must not be enough.
 */
export function bearerOnRequest() {
	const plugin = bearer({ requireSignature: true })
	return {
		...plugin,
		hooks: {
			before: plugin.hooks.before,
			after: plugin.hooks.after.map((hook) => ({
				...hook,
				matcher: (context: { request?: Request; headers?: Headers }) =>
					Boolean(
						context.request?.headers.get(BEARER_REQUEST_HEADER) ??
							context.headers?.get(BEARER_REQUEST_HEADER),
					),
			})),
		},
	}
}
