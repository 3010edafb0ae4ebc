import type { Auth } from './auth'

/**
 * How long a session this instance has looked up is believed without asking the database again.
 * A sign-out, password change or account deletion made here takes effect at once (they call
 * `forget`); one made on another instance, or a role changed by a management command, within this
 * many seconds. The same trade as better-auth's `session.cookieCache`, kept on the server and
 * much shorter (docs/decisions/0016-session-lookups.md).
 */
export const SESSION_CACHE_MS = 5_000
const MAX_ENTRIES = 5_000

export type CachedSession = {
	session: { id: string; userId: string; updatedAt: Date | string; expiresAt: Date | string }
	user: {
		id: string
		email: string
		firstName?: string
		lastName?: string
		role?: string | null
		twoFactorEnabled?: boolean | null
	}
	until: number
}

/** Keyed by the credential as sent (the signed cookie value or the bearer token): never guessed. */
export class SessionCache {
	readonly #entries = new Map<string, CachedSession>()

	get(credential: string, now = Date.now()) {
		const entry = this.#entries.get(credential)
		if (!entry) return undefined
		if (entry.until <= now || new Date(entry.session.expiresAt).getTime() <= now) {
			this.#entries.delete(credential)
			return undefined
		}
		return entry
	}

	set(credential: string, entry: Omit<CachedSession, 'until'>, now = Date.now()) {
		this.#entries.delete(credential)
		this.#entries.set(credential, { ...entry, until: now + SESSION_CACHE_MS })
		for (const oldest of this.#entries.keys()) {
			if (this.#entries.size <= MAX_ENTRIES) break
			this.#entries.delete(oldest)
		}
	}

	/** Drops one credential, every session of one user, or everything. */
	forget(which: { credential?: string; userId?: string } | 'all') {
		if (which === 'all') return this.#entries.clear()
		if (which.credential) this.#entries.delete(which.credential)
		if (which.userId)
			for (const [key, entry] of this.#entries)
				if (entry.user.id === which.userId) this.#entries.delete(key)
	}

	get size() {
		return this.#entries.size
	}
}

// Kept on the auth object under a registered symbol, so every copy of this module (the server's,
// and a test's own import beside Vite's) finds the same cache for one runtime.
const CACHE = Symbol.for('koi.sessionCache')

/** One cache per auth instance (each runtime, and each test app, has its own). */
export function sessionCacheFor(auth: Auth): SessionCache {
	const holder = auth as Auth & { [CACHE]?: SessionCache }
	holder[CACHE] ??= new SessionCache()
	return holder[CACHE]
}

/** The credential a request carries: the session cookie's value, else a bearer token. */
export function credentialOf(headers: Headers) {
	const cookie = /(?:^|;\s*)(?:__Secure-)?koi\.session_token=([^;]+)/.exec(
		headers.get('cookie') ?? '',
	)?.[1]
	if (cookie) return `cookie:${cookie}`
	const bearer = /^Bearer\s+(\S+)$/.exec(headers.get('authorization') ?? '')?.[1]
	return bearer ? `bearer:${bearer}` : undefined
}
