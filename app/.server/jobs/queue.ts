import { sql } from 'drizzle-orm'
import type { Db, Tx } from '~/.server/db/client'
import { rows } from '~/.server/db/rows'
import { type JobRow, jobs } from '~/.server/db/schema'

/** Every database read and write of the job table (decision 0019); the scheduler runs them. */

export type Job = Pick<JobRow, 'id' | 'key' | 'name' | 'payload' | 'attempts'> & { runAt: Date }

/**
 * Queues a one-off job. The key makes it idempotent: a second enqueue of the same key (another
 * instance, a retried request) changes nothing. Call it inside the transaction that makes the job
 * necessary, so the job exists exactly when the change does.
 */
export async function enqueueJob(
	db: Db | Tx,
	job: { key: string; name: string; runAt: Date; payload?: Record<string, unknown> },
) {
	await db
		.insert(jobs)
		.values({ key: job.key, name: job.name, runAt: job.runAt, payload: job.payload ?? {} })
		.onConflictDoNothing({ target: jobs.key })
}

/**
 * Makes sure a recurring job's row exists. A changed schedule (a new interval or time of day)
 * moves its next run; otherwise the stored next run stands, so a restart neither skips nor repeats
 * a run.
 */
export async function ensureRecurring(
	db: Db,
	job: { key: string; name: string; schedule: string; firstRunAt: Date },
) {
	await db.execute(sql`
		insert into ${jobs} (key, name, payload, run_at)
		values (${job.key}, ${job.name}, ${JSON.stringify({ schedule: job.schedule })}::jsonb, ${job.firstRunAt.toISOString()})
		on conflict (key) do update set
			name = excluded.name,
			payload = excluded.payload,
			run_at = excluded.run_at,
			status = case when ${jobs.status} = 'running' then ${jobs.status} else 'pending' end
		where ${jobs.payload} is distinct from excluded.payload`)
}

/** Deletes the rows of recurring jobs this configuration no longer runs (backups turned off). */
export async function retireRecurring(db: Db, keep: string[]) {
	const keys = keep.length
		? sql.join(
				keep.map((key) => sql`${key}`),
				sql`, `,
			)
		: sql`''`
	await db.execute(sql`delete from ${jobs} where key like 'every:%' and key not in (${keys})`)
}

/**
 * Frees every claimed job at once. Only for a database no other process can use (the embedded
 * one): whatever was running when it was last open was running in a process that is gone.
 */
export async function releaseAllClaims(db: Db) {
	await db.execute(
		sql`update ${jobs} set status = 'pending', locked_until = null where status = 'running'`,
	)
}

/** A job that needs longer than the usual lease (a backup) extends it once claimed. */
export async function extendLease(db: Db, job: Job, until: Date) {
	await db.execute(
		sql`update ${jobs} set locked_until = ${until.toISOString()} where id = ${job.id}`,
	)
}

/**
 * Claims due jobs for this instance: pending ones whose time has come, and running ones whose
 * lease ran out (the instance running it was killed). SKIP LOCKED: two instances claiming at once
 * never take the same row. `id = any(array(…))`, not `id in (…)`: with the subquery as a join,
 * the planner read the whole table to match the ids (17 ms a claim of 100 on PGlite with 10,000
 * jobs queued, bench:jobs); as an array it looks each up by its key.
 */
export async function claimDueJobs(db: Db, now: Date, leaseMs: number, limit = 10): Promise<Job[]> {
	const at = now.toISOString()
	const leaseUntil = new Date(now.getTime() + leaseMs).toISOString()
	const claimed = await rows<Job & { runAt: string | Date }>(
		db,
		sql`
		update ${jobs}
		set status = 'running', attempts = attempts + 1, locked_until = ${leaseUntil}, last_run_at = ${at}
		where id = any(array(
			select id from ${jobs}
			where ((status = 'pending' and run_at <= ${at})
				or (status = 'running' and locked_until < ${at}))
			order by run_at
			limit ${limit}
			for update skip locked
		))
		returning id, key, name, payload, attempts, run_at as "runAt"`,
	)
	return claimed.map((job) => ({ ...job, runAt: new Date(job.runAt) }))
}

/** A one-off job is done; a recurring one waits for its next run. */
export async function completeJob(db: Db, job: Job, now: Date, nextRunAt?: Date) {
	if (nextRunAt)
		await db.execute(sql`
			update ${jobs} set status = 'pending', run_at = ${nextRunAt.toISOString()}, attempts = 0,
				locked_until = null
			where id = ${job.id}`)
	else
		await db.execute(sql`
			update ${jobs} set status = 'done', finished_at = ${now.toISOString()}, locked_until = null
			where id = ${job.id}`)
}

/**
 * Completes a claimed job inside the caller's transaction, if this claim still holds (the job is
 * running under the attempt this instance claimed): what the job does commits with its completion,
 * so it happens once even if another instance took the job over after this one's lease ran out,
 * or this one dies between the two. False: the claim was lost, and the caller's work must not
 * happen (roll it back, or do none).
 */
export async function finishClaimedJob(tx: Tx, job: Job, now: Date) {
	const finished = await rows<{ id: string }>(
		tx,
		sql`update ${jobs} set status = 'done', finished_at = ${now.toISOString()}, locked_until = null
			where id = ${job.id} and status = 'running' and attempts = ${job.attempts}
			returning id`,
	)
	return finished.length > 0
}

/**
 * Records a failure. With `retryAt` the job runs again then; without, a one-off job stays failed
 * (staff see it on /admin/jobs).
 */
export async function failJob(db: Db, job: Job, now: Date, error: string, retryAt?: Date) {
	await db.execute(sql`
		update ${jobs}
		set status = ${retryAt ? 'pending' : 'failed'},
			run_at = ${(retryAt ?? now).toISOString()},
			last_error = ${error.slice(0, 500)},
			failed_at = ${now.toISOString()},
			locked_until = null,
			finished_at = ${retryAt ? null : now.toISOString()}
		where id = ${job.id}`)
}

/** Staff retry a job that failed for good: it runs on the next poll, with fresh attempts. */
export async function retryFailedJob(db: Db, key: string, now: Date) {
	const retried = await rows<{ key: string }>(
		db,
		sql`update ${jobs} set status = 'pending', run_at = ${now.toISOString()}, attempts = 0
			where key = ${key} and status = 'failed' returning key`,
	)
	return retried.length > 0
}

/** Finished one-off jobs are kept this long for support questions, then deleted. */
export async function purgeFinishedJobs(db: Db, now: Date, retentionDays: number) {
	const before = new Date(now.getTime() - retentionDays * 86_400_000).toISOString()
	const deleted = await rows<{ id: string }>(
		db,
		sql`delete from ${jobs} where status = 'done' and finished_at < ${before} returning id`,
	)
	return deleted.length
}

/** What staff see on /admin/jobs: the recurring jobs, and every job whose last run failed. */
export async function jobOverview(db: Db) {
	type Row = {
		key: string
		name: string
		status: JobRow['status']
		attempts: number
		lastError: string | null
		failedAt: string | Date | null
		lastRunAt: string | Date | null
		runAt: string | Date
	}
	const all = await rows<Row>(
		db,
		sql`
		select key, name, status, attempts, last_error as "lastError", failed_at as "failedAt",
			last_run_at as "lastRunAt", run_at as "runAt"
		from ${jobs}
		where key like 'every:%' or (failed_at is not null and failed_at >= last_run_at)
		order by key like 'every:%' desc, failed_at desc nulls last, key
		limit 200`,
	)
	const date = (value: string | Date | null) => (value ? new Date(value) : null)
	return all.map((row) => ({
		...row,
		recurring: row.key.startsWith('every:'),
		failedAt: date(row.failedAt),
		lastRunAt: date(row.lastRunAt),
		runAt: new Date(row.runAt),
		/** The last run failed (a recurring job shows it until a run succeeds). */
		failing:
			row.failedAt !== null &&
			row.lastRunAt !== null &&
			date(row.failedAt)! >= date(row.lastRunAt)!,
	}))
}
