import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { jobs } from '~/.server/db/schema'
import { enqueueJob } from '~/.server/jobs/queue'
import { Scheduler } from '~/.server/jobs/scheduler'
import { createLogger } from '~/.server/logger'
import { pageText, setUpShop } from '../support/shop'

/** /admin/jobs: staff see what runs in the background, what failed, and can retry it. */
const shop = setUpShop({ withAdmin: true })

describe('the background work page', () => {
	it('shows a job that failed for good with its error, and retries it on request', async () => {
		const db = shop.app.database.db
		const now = () => new Date()
		let fail = true
		const scheduler = new Scheduler({
			db,
			logger: createLogger('silent'),
			now,
			handlers: {
				backup: async () => {
					if (fail) throw new Error('No space left on the backup disk')
				},
			},
			maxAttempts: 1,
		})
		await enqueueJob(db, { key: 'backup:manual', name: 'backup', runAt: now() })
		await scheduler.runDue()

		const page = await shop.admin.client.request('/admin/jobs')
		expect(page.status).toBe(200)
		const text = await pageText(page)
		expect(text).toContain('Backing up the embedded database')
		expect(text).toContain('No space left on the backup disk')
		expect(text).toContain('Retry now')

		// Nothing else may retry it, and a made-up key is a clear 4xx.
		const anonymous = await shop.app.request('/admin/jobs', {
			method: 'POST',
			headers: { 'content-type': 'application/x-www-form-urlencoded', origin: shop.app.url },
			body: 'intent=retry&key=backup%3Amanual',
		})
		expect(anonymous.status).toBeGreaterThanOrEqual(300)
		expect((await db.select().from(jobs).where(eq(jobs.key, 'backup:manual')))[0]?.status).toBe(
			'failed',
		)
		expect(
			(await shop.admin.client.post('/admin/jobs', { intent: 'retry', key: 'no such job' })).status,
		).toBe(400)
		expect(
			(await shop.admin.client.post('/admin/jobs', { intent: 'retry', key: 'every:nothing' }))
				.status,
		).toBe(409)

		const retried = await shop.admin.client.post('/admin/jobs', {
			intent: 'retry',
			key: 'backup:manual',
		})
		expect(retried.status).toBe(200)
		fail = false
		expect(await scheduler.runDue()).toBe(1)
		const [row] = await db.select().from(jobs).where(eq(jobs.key, 'backup:manual'))
		expect(row?.status).toBe('done')
		expect(await pageText(await shop.admin.client.request('/admin/jobs'))).toContain(
			'Nothing has failed',
		)
	})
})
