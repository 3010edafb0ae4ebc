import { describe, expect, it } from 'vitest'
import { EnvError, isLoopbackOrigin, parseEnv, paymentsMode } from './env'

describe('parseEnv', () => {
	it('makes the loopback names of the port one site when SITE_URL is unset (issue 57 item 11)', () => {
		expect(parseEnv({ PORT: '3000' }).SITE_ORIGINS).toEqual([
			'http://localhost:3000',
			'http://127.0.0.1:3000',
			'http://[::1]:3000',
		])
		expect(parseEnv({ PORT: '80' }).SITE_ORIGINS).toContain('http://127.0.0.1')
		expect(parseEnv({ SITE_URL: 'https://shop.example/' }).SITE_ORIGINS).toEqual([
			'https://shop.example',
		])
		expect(parseEnv({ SITE_URL: 'http://localhost:3000' }).SITE_ORIGINS).toEqual([
			'http://localhost:3000',
		])
	})

	it('applies defaults', () => {
		const env = parseEnv({})
		expect(env.PORT).toBe(3000)
		expect(env.DATA_DIR).toBe('./data')
		expect(env.DATABASE_URL).toBeUndefined()
		expect(env.SITE_URL).toBe('http://localhost:3000')
		expect(env.OUTBOX_RETENTION_DAYS).toBe(30)
	})

	it('names the variable that is wrong', () => {
		expect(() => parseEnv({ PORT: 'eighty' })).toThrowError(EnvError)
		expect(() => parseEnv({ PORT: 'eighty' })).toThrowError(/PORT/)
		expect(() => parseEnv({ DATABASE_URL: 'mysql://x' })).toThrowError(/DATABASE_URL/)
		expect(() => parseEnv({ OUTBOX_RETENTION_DAYS: '0' })).toThrowError(/OUTBOX_RETENTION_DAYS/)
		expect(() => parseEnv({ MAIL_FROM: 'Shop <a@b.c>\r\nBcc: x@y.z' })).toThrowError(/MAIL_FROM/)
	})

	it('leaves the senders to /admin/settings unless MAIL_FROM or BUSINESS_EMAIL is set', () => {
		const unset = parseEnv({})
		expect(unset.MAIL_FROM).toBeUndefined()
		expect(unset.BUSINESS_EMAIL).toBeUndefined()
		expect(parseEnv({ MAIL_FROM: '"Koi & Co" <mail@koi.example>' }).MAIL_FROM).toEqual({
			name: 'Koi & Co',
			address: 'mail@koi.example',
		})
		expect(parseEnv({ MAIL_FROM: 'mail@koi.example' }).MAIL_FROM).toEqual({
			name: '',
			address: 'mail@koi.example',
		})
		for (const bad of ['Koi Shop', 'a@koi.example, b@koi.example', 'Koi <not an address>'])
			expect(() => parseEnv({ MAIL_FROM: bad }), bad).toThrowError(/MAIL_FROM: must be one sender/)
		expect(() => parseEnv({ BUSINESS_EMAIL: 'orders' })).toThrowError(/BUSINESS_EMAIL/)
	})

	it('treats empty values as unset and trims the trailing slash of SITE_URL', () => {
		const env = parseEnv({ PORT: '', SITE_URL: 'https://koi.example/' })
		expect(env.PORT).toBe(3000)
		expect(env.SITE_URL).toBe('https://koi.example')
	})

	it('refuses one Stripe key without the other', () => {
		expect(() => parseEnv({ STRIPE_SECRET_KEY: 'sk_test_123' })).toThrowError(
			/STRIPE_WEBHOOK_SECRET: set both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or neither/,
		)
		expect(() => parseEnv({ STRIPE_WEBHOOK_SECRET: 'whsec_123' })).toThrowError(/set both/)
		expect(() =>
			parseEnv({ STRIPE_SECRET_KEY: 'pk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' }),
		).toThrowError(/STRIPE_SECRET_KEY: must be a Stripe secret key/)
		const env = parseEnv({
			STRIPE_SECRET_KEY: 'sk_test_123',
			STRIPE_WEBHOOK_SECRET: 'whsec_123',
			STRIPE_API_BASE: 'http://127.0.0.1:12111',
		})
		expect(env.STRIPE_API_BASE).toBe('http://127.0.0.1:12111')
		expect(env.STRIPE_RECONCILE_MS).toBe(300_000)
	})

	it('refuses a public production shop without Stripe keys, naming them (fail closed)', () => {
		const publicShop = { NODE_ENV: 'production', SITE_URL: 'https://koi.example' }
		expect(() => parseEnv(publicShop)).toThrowError(
			/STRIPE_SECRET_KEY: a public shop needs card payments: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET/,
		)
		// The out-of-the-box demo on this machine, or an explicit choice, may use the test provider.
		expect(paymentsMode(parseEnv({ NODE_ENV: 'production' }))).toBe('test')
		expect(paymentsMode(parseEnv({ ...publicShop, SITE_URL: 'http://127.0.0.1:8080' }))).toBe(
			'test',
		)
		expect(paymentsMode(parseEnv({ ...publicShop, PAYMENTS: 'test' }))).toBe('test')
		const keys = { STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' }
		expect(paymentsMode(parseEnv({ ...publicShop, ...keys }))).toBe('stripe')
		expect(paymentsMode(parseEnv({ ...publicShop, ...keys, PAYMENTS: 'test' }))).toBe('test')
		expect(() => parseEnv({ PAYMENTS: 'stripe' })).toThrowError(/PAYMENTS=stripe needs/)
	})

	it('knows a loopback origin from a public one', () => {
		for (const url of ['http://localhost:3000', 'http://127.0.0.1', 'http://[::1]:80'])
			expect(isLoopbackOrigin(url)).toBe(true)
		for (const url of ['https://koi.example', 'http://localhost.example', 'http://128.0.0.1'])
			expect(isLoopbackOrigin(url)).toBe(false)
	})
})
