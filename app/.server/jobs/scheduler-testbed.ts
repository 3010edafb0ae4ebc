import { afterAll, beforeAll, beforeEach } from 'vitest'
import { jobs } from '~/.server/db/schema'
import { createLogger } from '~/.server/logger'
import { createTestDatabase, type TestDatabase } from '../../../tests/support/db'
import { Scheduler, type SchedulerOptions } from './scheduler'

/**
 * The job scheduler on a real database (PGlite, or DATABASE_URL's), driven by a fake clock: no
 * test sleeps. Call at the top of a test file; each test starts with no jobs.
 */
export function schedulerTestbed() {
	const logger = createLogger('silent')
	let database: TestDatabase | undefined
	let clock = 0
	const now = () => new Date(clock)
	beforeAll(async () => {
		database = await createTestDatabase()
	})
	afterAll(() => database?.cleanup())
	beforeEach(async () => {
		await database!.db.delete(jobs)
	})
	return {
		get database() {
			return database!
		},
		now,
		at(iso: string) {
			clock = Date.parse(iso)
		},
		scheduler(
			options: Partial<SchedulerOptions> & Pick<SchedulerOptions, 'handlers'>,
			db = database!.db,
		) {
			return new Scheduler({ db, logger, now, ...options })
		},
	}
}
