import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { jobs } from '~/.server/db/schema'
import { enqueueJob } from './queue'
import { schedulerTestbed } from './scheduler-testbed'

const bed = schedulerTestbed()
const { now, at, scheduler } = bed

describe('the job scheduler, with jobs run in batches', () => {
	it('runs due jobs of a batched name together, and one by one when the batch fails', async () => {
		at('2026-11-25T10:00:00Z')
		for (let i = 0; i < 7; i++)
			await enqueueJob(bed.database.db, {
				key: `remind:${i}`,
				name: 'remind',
				runAt: now(),
				payload: { n: i },
			})
		await enqueueJob(bed.database.db, { key: 'other', name: 'other', runAt: now() })
		const batches: number[][] = []
		const singles: number[] = []
		const jobsOf = scheduler({
			handlers: {
				other: async () => {},
				remind: async (payload) => {
					if (payload.n === 5) throw new Error('bad reminder')
					singles.push(Number(payload.n))
				},
			},
			batches: {
				remind: {
					size: 3,
					run: async (batch) => {
						const ns = batch.map((job) => Number(job.payload.n))
						batches.push(ns)
						if (ns.includes(5)) throw new Error('one of these is bad')
					},
				},
			},
		})
		expect(await jobsOf.runDue()).toBe(8)
		// Three to a batch; the batch holding the bad job fell back to running each on its own.
		expect(batches.map((b) => b.length)).toEqual([3, 3, 1])
		const failed = batches.find((b) => b.includes(5))!
		expect(singles.sort()).toEqual(failed.filter((n) => n !== 5).sort())
		const rows = await bed.database.db.select().from(jobs)
		const status = (key: string) => rows.find((row) => row.key === key)?.status
		expect(status('remind:5')).toBe('pending') // retried later, alone
		expect(rows.filter((row) => row.status === 'done')).toHaveLength(7)
		expect(await jobsOf.runDue()).toBe(0)
	})

	it("marks a batch done in the handler's own transaction: with its effects or not at all", async () => {
		at('2026-11-25T10:00:00Z')
		const queue = (i: number) =>
			enqueueJob(bed.database.db, { key: `remind:${i}`, name: 'remind', runAt: now() })
		await queue(1)
		await queue(2)
		let rollBack = true
		const statusWhenRunAlone: string[] = []
		const jobsOf = scheduler({
			handlers: {
				remind: async (_payload, { job }) => {
					const [row] = await bed.database.db.select().from(jobs).where(eq(jobs.id, job.id))
					statusWhenRunAlone.push(row!.status)
				},
			},
			batches: {
				remind: {
					size: 10,
					run: (_batch, { finish }) =>
						bed.database.db.transaction(async (tx) => {
							await finish(tx)
							if (rollBack) throw new Error('rolled back after finishing')
						}),
				},
			},
		})
		expect(await jobsOf.runDue()).toBe(2)
		// The transaction rolled back and the marking with it: each job then ran alone, still running.
		expect(statusWhenRunAlone).toEqual(['running', 'running'])
		rollBack = false
		await queue(3)
		await queue(4)
		expect(await jobsOf.runDue()).toBe(2)
		expect(statusWhenRunAlone).toHaveLength(2) // done by the batch: none ran alone
		const rows = await bed.database.db.select().from(jobs)
		expect(rows.map((row) => row.status)).toEqual(['done', 'done', 'done', 'done'])
	})
})
