import { describe, expect, it } from 'vitest'
import { EnvError, parseEnv } from './env'

describe('parseEnv', () => {
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

	it('treats empty values as unset and trims the trailing slash of SITE_URL', () => {
		const env = parseEnv({ PORT: '', SITE_URL: 'https://koi.example/' })
		expect(env.PORT).toBe(3000)
		expect(env.SITE_URL).toBe('https://koi.example')
	})
})
