import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '~/.server/db/client'
import { emailOutbox } from '~/.server/db/schema'
import { readiness } from '~/.server/wiring/readiness'
import { startTestApp, type TestApp } from '../support/app'

let app: TestApp
beforeAll(async () => {
	app = await startTestApp({ READY_OUTBOX_MAX_AGE_SECONDS: '600' }, { catalogCsv: null })
})
afterAll(async () => {
	await app?.close()
})

describe('/readyz', () => {
	it('is ready while the database answers and the outbox moves; /healthz stays cheap', async () => {
		const res = await app.request('/readyz')
		expect(res.status).toBe(200)
		expect(res.headers.get('cache-control')).toBe('no-store')
		expect(await res.json()).toEqual({
			status: 'ok',
			database: 'ok',
			outbox: { pending: 0, failed: 0, oldestPendingSeconds: 0 },
		})
		expect(await (await app.request('/healthz')).json()).toEqual({ status: 'ok' })
	})

	it('answers 503 when an email has waited past the threshold', async () => {
		const email = { to: 'a@example.co.uk', subject: 's', text: 't', html: 'h', kind: 'test' }
		const now = Date.now()
		await app.database.db.insert(emailOutbox).values([
			{ ...email, createdAt: new Date(now - 60_000) },
			{ ...email, status: 'failed', createdAt: new Date(now - 86_400_000) },
		])
		expect((await app.request('/readyz')).status).toBe(200)
		await app.database.db
			.insert(emailOutbox)
			.values({ ...email, createdAt: new Date(now - 2 * 3600_000) })
		const res = await app.request('/readyz')
		expect(res.status).toBe(503)
		const body = await res.json()
		expect(body).toMatchObject({ status: 'unavailable', database: 'ok' })
		expect(body.outbox).toMatchObject({ pending: 2, failed: 1 })
		expect(body.outbox.oldestPendingSeconds).toBeGreaterThanOrEqual(7200)
	})

	it('reports an unreachable database', async () => {
		const down = { ping: () => Promise.reject(new Error('gone')) } as unknown as Database
		expect(await readiness(down, 600)).toEqual({ status: 'unavailable', database: 'unreachable' })
	})
})
