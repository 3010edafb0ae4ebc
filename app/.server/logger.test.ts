import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { emailOutbox } from '~/.server/db/schema'
import { createTestDatabase, type TestDatabase } from '../../tests/support/db'
import { handleError } from '../entry.server'
import { createLogger } from './logger'

let database: TestDatabase
beforeAll(async () => {
	database = await createTestDatabase()
})
afterAll(async () => {
	await database?.cleanup()
})

function capture() {
	const lines: string[] = []
	const stream = new Writable({
		write(chunk, _encoding, callback) {
			lines.push(String(chunk))
			callback()
		},
	})
	return { logger: createLogger('info', stream), output: () => lines.join('') }
}

const SECRET = '12 Secret Street, IV2 3XY, 07700 900123'

/** A real failed query whose parameters hold personal data (PostgreSQL refuses NUL in text). */
async function failedQuery() {
	try {
		await database.db.insert(emailOutbox).values({
			to: 'ann\u0000@example.co.uk',
			subject: SECRET,
			text: SECRET,
			html: SECRET,
			kind: 'test',
		})
	} catch (error) {
		return error
	}
	throw new Error('the insert should have failed')
}

describe('error logging', () => {
	it('logs a database error by its code, without the query parameters', async () => {
		const error = await failedQuery()
		expect(String((error as Error).message)).toContain('Secret Street')
		const { logger, output } = capture()
		logger.error({ err: error }, 'order failed')
		const line = JSON.parse(output())
		expect(line.err.code).toMatch(/^[0-9A-Z]{5}$/)
		expect(output()).not.toContain('Secret')
		expect(output()).not.toContain('ann')
	})

	it("React Router's handleError logs the same way, with the path but no query string", async () => {
		const error = await failedQuery()
		const { logger, output } = capture()
		const request = new Request('http://localhost/checkout?email=ann%40example.co.uk')
		handleError(error, { request, context: { logger }, params: {} } as never)
		const line = JSON.parse(output())
		expect(line).toMatchObject({ path: '/checkout', msg: 'request error' })
		expect(line.err.code).toMatch(/^[0-9A-Z]{5}$/)
		expect(output()).not.toContain('Secret')
		expect(output()).not.toContain('ann')
	})
})
