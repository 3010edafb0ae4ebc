import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Database, openDatabase } from './client'
import { PGliteThread } from './pglite-thread'
import { rows } from './rows'
import { jobs } from './schema'

// PGlite on a thread of its own (decision 0027): what the server's thread gains, and what must
// not change for the app (client.test.ts runs the rest of the driver's checks on both).
describe('the embedded database on its own thread', () => {
	let database: Database
	beforeAll(async () => {
		database = await openDatabase({ thread: true })
	})
	afterAll(() => database.close())

	/** How often a 5 ms timer fired while `work` ran, and how long the work took. */
	async function timerTicksDuring(work: () => Promise<unknown>) {
		let ticks = 0
		const timer = setInterval(() => ticks++, 5)
		const started = performance.now()
		await work()
		clearInterval(timer)
		return { ticks, ms: performance.now() - started }
	}
	const slowStatement = sql`select count(*) from generate_series(1, 4000000)`

	it('leaves this thread free while a long statement runs', async () => {
		const here = await openDatabase({})
		try {
			const inThisThread = await timerTicksDuring(() => here.db.execute(slowStatement))
			const onItsOwn = await timerTicksDuring(() => database.db.execute(slowStatement))
			// In this thread the statement holds the event loop from start to end: no timer fires.
			expect(inThisThread.ticks).toBeLessThanOrEqual(1)
			expect(onItsOwn.ms).toBeGreaterThan(100)
			// On its own thread the timer keeps firing. How often depends on what else the two cores
			// run (CI runs two test files at once), so only a count no blocked loop could reach.
			expect(onItsOwn.ticks).toBeGreaterThanOrEqual(10)
		} finally {
			await here.close()
		}
	})

	it("keeps a database error's fields (code, constraint) for the app to read", async () => {
		await database.db.insert(jobs).values({ key: 'twice', name: 'test', runAt: new Date() })
		const error = await database.db
			.insert(jobs)
			.values({ key: 'twice', name: 'test', runAt: new Date() })
			.then(() => undefined)
			.catch((e: { cause?: Record<string, unknown> }) => e)
		expect(error?.cause).toMatchObject({
			code: '23505',
			constraint: 'jobs_key_unique',
			table: 'jobs',
		})
		expect(error?.cause).toBeInstanceOf(Error)
	})

	it('gives a transaction the database to itself until it ends, and rolls back on an error', async () => {
		let inside!: () => void
		const held = new Promise<void>((resolve) => {
			inside = resolve
		})
		let release!: () => void
		const transaction = database.db.transaction(async (tx) => {
			await tx.insert(jobs).values({ key: 'held', name: 'test', runAt: new Date() })
			inside()
			await new Promise<void>((resolve) => {
				release = resolve
			})
		})
		await held
		const outside = rows<{ n: number }>(
			database.db,
			sql`select count(*)::int as n from jobs where key = 'held'`,
		)
		let answered = false
		void outside.then(() => {
			answered = true
		})
		await new Promise((resolve) => setTimeout(resolve, 50))
		expect(answered, 'a query outside waits for the transaction').toBe(false)
		release()
		await transaction
		expect(await outside).toEqual([{ n: 1 }])

		await expect(
			database.db.transaction(async (tx) => {
				await tx.insert(jobs).values({ key: 'undone', name: 'test', runAt: new Date() })
				throw new Error('changed my mind')
			}),
		).rejects.toThrow('changed my mind')
		expect(await rows(database.db, sql`select key from jobs where key = 'undone'`)).toEqual([])
	})

	it('takes a file as a query blob and refuses parsers it cannot send across', async () => {
		const client = database.pglite!
		const { rows: read } = await client.query<{ n: number }>(
			"select length(pg_read_binary_file('/dev/blob')) as n",
			[],
			{ blob: new Blob([new Uint8Array(70_000)]) },
		)
		expect(read).toEqual([{ n: 70_000 }])
		await expect(
			client.query('select 1 as one', [], { parsers: { 23: (value) => Number(value) * 2 } }),
		).rejects.toThrow('cannot cross')
		await expect(client.query('select $1::text as t', [() => 'a function'])).rejects.toThrow()
		expect((await client.query('select 2 as two')).rows).toEqual([{ two: 2 }])
	})

	it("reads a query blob's range of a file itself, byte for byte, and fails on a short file", async () => {
		const client = database.pglite as PGliteThread
		const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'koi-file-blob-'))
		try {
			const file = path.join(dir, 'original')
			const bytes = Buffer.from(Array.from({ length: 200_000 }, (_, i) => (i * 7) % 251))
			fs.writeFileSync(file, bytes)
			await client.exec('create temporary table kept (bytes bytea)')
			const insert = "insert into kept values (pg_read_binary_file('/dev/blob'))"
			await client.queryFileBlob(insert, [], { path: file, position: 65_536, length: 65_536 })
			const { rows: kept } = await client.query<{ hex: string }>(
				"select encode(bytes, 'hex') as hex from kept",
			)
			expect(kept).toEqual([{ hex: bytes.subarray(65_536, 131_072).toString('hex') }])
			await expect(
				client.queryFileBlob(insert, [], { path: file, position: 190_000, length: 65_536 }),
			).rejects.toThrow('ended at 200000')
			expect((await client.query('select count(*)::int as n from kept')).rows).toEqual([{ n: 1 }])
		} finally {
			fs.rmSync(dir, { recursive: true, force: true })
		}
	})

	it('says when the thread stops on its own, and fails the queries waiting and after', async () => {
		// A stand-in for a crash: a thread that starts, then ends at its first request.
		const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'koi-thread-'))
		const script = path.join(dir, 'crash.mjs')
		fs.writeFileSync(
			script,
			"import { parentPort } from 'node:worker_threads'\nparentPort.postMessage({ ready: true })\nparentPort.on('message', () => process.exit(3))\n",
		)
		const stopped: Error[] = []
		const thread = await PGliteThread.start({
			dataDir: undefined,
			startParams: [],
			textTypes: [],
			script,
			onStopped: (error) => stopped.push(error),
		})
		try {
			await expect(thread.query('select 1')).rejects.toThrow('stopped (exit code 3)')
			await expect(thread.query('select 1')).rejects.toThrow('stopped (exit code 3)')
			expect(stopped.map((e) => e.message)).toEqual(['the embedded database stopped (exit code 3)'])
		} finally {
			fs.rmSync(dir, { recursive: true, force: true })
		}
	})

	it('refuses queries clearly once closed', async () => {
		const other = await openDatabase({ thread: true })
		await other.close()
		await expect(other.db.execute(sql`select 1`)).rejects.toThrow()
	})
})
