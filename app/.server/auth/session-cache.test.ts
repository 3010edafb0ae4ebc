import { describe, expect, it } from 'vitest'
import { credentialOf, SESSION_CACHE_MS, SessionCache } from './session-cache'

const entry = (userId: string, expiresAt = new Date(Date.now() + 3_600_000)) => ({
	session: { id: `s-${userId}`, userId, updatedAt: new Date(), expiresAt },
	user: { id: userId, email: `${userId}@example.co.uk` },
})

describe('SessionCache', () => {
	it('answers only for the exact credential, and only for SESSION_CACHE_MS', () => {
		const cache = new SessionCache()
		cache.set('cookie:a.sig', entry('ann'), 0)
		cache.set('cookie:b.sig', entry('bob'), 0)
		expect(cache.get('cookie:a.sig', 1)?.user.id).toBe('ann')
		expect(cache.get('cookie:b.sig', 1)?.user.id).toBe('bob')
		expect(cache.get('cookie:a', 1)).toBeUndefined()
		expect(cache.get('cookie:a.sig', SESSION_CACHE_MS)).toBeUndefined()
	})

	it('never outlives the session itself', () => {
		const cache = new SessionCache()
		cache.set('cookie:a.sig', entry('ann', new Date(1_000)), 0)
		expect(cache.get('cookie:a.sig', 999)).toBeDefined()
		expect(cache.get('cookie:a.sig', 1_000)).toBeUndefined()
	})

	it('forgets one credential, all of one user, or everything', () => {
		const cache = new SessionCache()
		cache.set('cookie:a1', entry('ann'), 0)
		cache.set('cookie:a2', entry('ann'), 0)
		cache.set('cookie:b', entry('bob'), 0)
		cache.forget({ credential: 'cookie:b' })
		expect(cache.get('cookie:b', 1)).toBeUndefined()
		cache.forget({ userId: 'ann' })
		expect(cache.size).toBe(0)
		cache.set('cookie:b', entry('bob'), 0)
		cache.forget('all')
		expect(cache.size).toBe(0)
	})
})

describe('credentialOf', () => {
	it('reads the session cookie (plain or __Secure-) or a bearer token', () => {
		const h = (init: Record<string, string>) => new Headers(init)
		expect(credentialOf(h({ cookie: 'a=1; koi.session_token=tok.sig; b=2' }))).toBe(
			'cookie:tok.sig',
		)
		expect(credentialOf(h({ cookie: '__Secure-koi.session_token=tok.sig' }))).toBe('cookie:tok.sig')
		expect(credentialOf(h({ authorization: 'Bearer abc' }))).toBe('bearer:abc')
		expect(credentialOf(h({ cookie: 'xkoi.session_token=tok' }))).toBeUndefined()
		expect(credentialOf(h({}))).toBeUndefined()
	})
})
