import type { Db } from '~/.server/db/client'
import type { Logger } from '~/.server/logger'
import { nextDailyRun, nextLondonTime } from '~/lib/london-time'
import {
	claimDueJobs,
	completeJob,
	ensureRecurring,
	extendLease,
	failJob,
	type Job,
	releaseAllClaims,
	retireRecurring,
} from './queue'

/** What a job's handler gets: the moment it was due and the clock the scheduler runs on. */
export type JobContext = { job: Job; now: () => Date }
export type JobHandler = (payload: Record<string, unknown>, context: JobContext) => Promise<void>

/** A recurring job: every so many milliseconds, or every day at a UK wall-clock time ('07:30'). */
export type Recurring = { name: string } & ({ everyMs: number } | { dailyAt: string })

/**
 * Work every instance does on its own timer, not once across them: draining a shared queue whose
 * rows it claims itself (the email outbox, SKIP LOCKED per email), where two instances working at
 * once share the load instead of repeating it.
 */
export type EveryInstance = { name: string; everyMs: number }

export type SchedulerOptions = {
	db: Db
	logger: Logger
	handlers: Record<string, JobHandler>
	recurring?: Recurring[]
	everyInstance?: EveryInstance[]
	/** Injected in tests, which drive runDue() and never sleep. */
	now?: () => Date
	pollMs?: number
	/** How long a claimed job may run before another instance presumes this one dead. */
	leaseMs?: number
	/**
	 * This process is the only one that can open the database (the embedded one): a job left
	 * running was running in a process that died, and is released at start, not after its lease.
	 */
	soleProcess?: boolean
	/** Longer leases for slow jobs, by name (a backup of a large database). */
	leases?: Record<string, number>
	/** A one-off job's attempts before it is left failed for staff to see. */
	maxAttempts?: number
}

/** 30 s, 1 min, 2 min … capped at an hour. */
export function retryDelayMs(attempts: number) {
	return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000)
}

const recurringKey = (name: string) => `every:${name}`
const scheduleText = (job: Recurring) =>
	'everyMs' in job ? `every ${job.everyMs} ms` : `daily ${job.dailyAt}`

/**
 * The one way the shop runs background work (decision 0019): every instance polls the job table,
 * claims what is due with SKIP LOCKED and a lease, and runs it. A job runs on one instance at a
 * time; one interrupted by a crash runs again when its lease ends, so handlers are idempotent.
 */
export class Scheduler {
	readonly #db: Db
	readonly #logger: Logger
	readonly #handlers: Record<string, JobHandler>
	readonly #recurring: Map<string, Recurring>
	readonly #local: Array<EveryInstance & { next: number }>
	readonly #now: () => Date
	readonly #pollMs: number
	readonly #leaseMs: number
	readonly #leases: Record<string, number>
	readonly #soleProcess: boolean
	readonly #maxAttempts: number
	#timer: ReturnType<typeof setTimeout> | undefined
	#running: Promise<number> | undefined
	#stopped = true

	constructor(options: SchedulerOptions) {
		this.#db = options.db
		this.#logger = options.logger
		this.#handlers = options.handlers
		this.#recurring = new Map((options.recurring ?? []).map((job) => [recurringKey(job.name), job]))
		this.#local = (options.everyInstance ?? []).map((job) => ({ ...job, next: 0 }))
		this.#now = options.now ?? (() => new Date())
		this.#pollMs = options.pollMs ?? 1000
		this.#leaseMs = options.leaseMs ?? 2 * 60_000
		this.#leases = options.leases ?? {}
		this.#soleProcess = options.soleProcess ?? false
		this.#maxAttempts = options.maxAttempts ?? 8
		for (const job of [...this.#recurring.values(), ...this.#local])
			if (!this.#handlers[job.name]) throw new Error(`no handler for the recurring job ${job.name}`)
	}

	/** Writes the recurring jobs' rows (idempotent: every instance does it at start). */
	async register() {
		if (this.#soleProcess) await releaseAllClaims(this.#db)
		await retireRecurring(this.#db, [...this.#recurring.keys()])
		for (const [key, job] of this.#recurring)
			await ensureRecurring(this.#db, {
				key,
				name: job.name,
				schedule: scheduleText(job),
				firstRunAt: this.#nextRun(job, this.#now()),
			})
	}

	async start() {
		await this.register()
		this.#stopped = false
		const tick = async () => {
			await this.runDue().catch((error) =>
				this.#logger.error({ err: error }, 'job scheduler poll failed'),
			)
			if (!this.#stopped) this.#timer = setTimeout(tick, this.#pollMs)
		}
		this.#timer = setTimeout(tick, 0)
	}

	/** Runs every job due now; resolves to how many ran. Concurrent calls share one pass. */
	runDue(): Promise<number> {
		this.#running ??= this.#drain().finally(() => {
			this.#running = undefined
		})
		return this.#running
	}

	async stop() {
		this.#stopped = true
		clearTimeout(this.#timer)
		await this.#running
	}

	async #drain() {
		let ran = await this.#runLocal()
		for (;;) {
			// One at a time: a claimed job's lease starts when it is claimed, so claiming a batch
			// behind a slow job would let the others' leases run out while they wait.
			const [job] = await claimDueJobs(this.#db, this.#now(), this.#leaseMs, 1)
			if (!job) return ran
			const lease = this.#leases[job.name]
			if (lease) await extendLease(this.#db, job, new Date(this.#now().getTime() + lease))
			await this.#run(job)
			ran++
		}
	}

	async #run(job: Job) {
		const recurring = this.#recurring.get(job.key)
		const handler = this.#handlers[job.name]
		const started = this.#now()
		try {
			if (!handler) throw new Error(`no handler for ${job.name}`)
			await handler(job.payload, { job, now: this.#now })
			// The next run follows the one that was due, not the moment it finished: one missed
			// while the shop was down runs once, not once per missed interval.
			const now = this.#now()
			await completeJob(
				this.#db,
				job,
				now,
				recurring && this.#nextRun(recurring, now, job.runAt, started),
			)
		} catch (error) {
			const now = this.#now()
			const message = error instanceof Error ? error.message : String(error)
			const retry = new Date(now.getTime() + retryDelayMs(job.attempts))
			const retryAt = recurring
				? minDate(retry, this.#nextRun(recurring, now, job.runAt, started))
				: job.attempts < this.#maxAttempts
					? retry
					: undefined
			await failJob(this.#db, job, now, message, retryAt)
			this.#logger[retryAt ? 'warn' : 'error'](
				{ job: job.name, key: job.key, attempts: job.attempts, err: error },
				retryAt ? 'job failed; will retry' : 'job failed permanently',
			)
		}
	}

	/** This instance's own timers (EveryInstance): a failure is logged, and it runs again next time. */
	async #runLocal() {
		let ran = 0
		for (const job of this.#local) {
			const now = this.#now()
			if (now.getTime() < job.next) continue
			job.next = now.getTime() + job.everyMs
			const context = {
				job: {
					id: '',
					key: `local:${job.name}`,
					name: job.name,
					payload: {},
					attempts: 1,
					runAt: now,
				},
				now: this.#now,
			}
			await this.#handlers[job.name]!({}, context).catch((error) =>
				this.#logger.error({ job: job.name, err: error }, 'job failed; will run again'),
			)
			ran++
		}
		return ran
	}

	/**
	 * The first run time after `now` (and after the run that was due, `due`, which started at
	 * `started`). A daily job runs next at its time on the UK day after the one its run started
	 * on: a late run (the shop was down at the time) was that day's run, so none runs twice on one
	 * UK day whatever the starts, stops and clock changes (issue 57 item 4).
	 */
	#nextRun(job: Recurring, now: Date, due?: Date, started?: Date): Date {
		if ('dailyAt' in job) {
			const next = started ? nextDailyRun(started, job.dailyAt) : nextLondonTime(now, job.dailyAt)
			return next > now ? next : nextLondonTime(now, job.dailyAt)
		}
		const step = job.everyMs
		const next = (due ?? now).getTime() + step
		return new Date(next > now.getTime() ? next : now.getTime() + step)
	}
}

const minDate = (a: Date, b: Date) => (a < b ? a : b)
