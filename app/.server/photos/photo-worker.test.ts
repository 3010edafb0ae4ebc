import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, describe, expect, it } from 'vitest'
import { phoneJpeg } from '../../../tests/support/photos'
import { IDLE_POLICY, PhotoWorker, WORKER_SCRIPT } from './photo-worker'

/** The scheduling policy of each of a process's threads (field 41 of /proc/…/stat; 5 is SCHED_IDLE). */
const threadPolicies = (pid: number) =>
	fs.readdirSync(`/proc/${pid}/task`).flatMap((tid) => {
		let stat: string
		try {
			stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8')
		} catch {
			return [] // the thread ended between the listing and the read
		}
		return [Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[38])]
	})

describe('the photo worker', () => {
	const worker = new PhotoWorker()
	afterAll(() => worker.stop())
	const job = async () => ({
		op: 'encode' as const,
		input: await phoneJpeg(),
		limitInputPixels: 1_000_000,
		output: { format: 'webp' as const, options: { quality: 80 } },
	})

	it('encodes in a child process at the lowest CPU priority, so shoppers are served first', async () => {
		const result = await worker.run(await job())
		expect([result.width, result.height]).toEqual([200, 400])
		expect((await sharp(Buffer.from(result.data)).metadata()).format).toBe('webp')
		expect(worker.pid).toBeTypeOf('number')
		expect(worker.pid).not.toBe(process.pid)
		expect(os.getPriority(worker.pid!)).toBe(19)
	})

	it.runIf('execPath' in IDLE_POLICY)(
		'runs every thread of the worker only on CPU time nothing else wants (SCHED_IDLE)',
		async () => {
			// Its own worker: test runs start the shared one at priority 19 only (PHOTO_WORKER_SCHED).
			const idle = new PhotoWorker(WORKER_SCRIPT, IDLE_POLICY)
			try {
				await idle.run(await job())
				const policies = threadPolicies(idle.pid!)
				expect(policies.length).toBeGreaterThan(1)
				expect(new Set(policies)).toEqual(new Set([5]))
				expect(new Set(threadPolicies(process.pid))).toEqual(new Set([0]))
			} finally {
				idle.stop()
			}
		},
	)

	it('fails the jobs in flight when the worker dies, and starts a new one for the next', async () => {
		if (worker.pid === undefined) await worker.run(await job())
		const first = worker.pid
		const inFlight = worker.run(await job())
		process.kill(first!, 'SIGKILL')
		await expect(inFlight).rejects.toThrow(/photo worker stopped/)
		const again = await worker.run(await job())
		expect(again.width).toBe(200)
		expect(worker.pid).not.toBe(first)
	})

	it('answers a damaged image with an error, not a crash', async () => {
		const broken = (await phoneJpeg(1600, 1200)).subarray(0, 5000)
		await expect(worker.run({ ...(await job()), input: broken })).rejects.toThrow()
		expect((await worker.run(await job())).width).toBe(200)
	})

	it.runIf(fs.existsSync('/proc/self/status'))(
		'splits a 40 MB form a chunk at a time: its peak memory grows by far less than the form',
		async () => {
			const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'koi-worker-form-'))
			try {
				const photos = Array.from({ length: 4 }, () => crypto.randomBytes(10 * 1024 * 1024))
				const posted = async (files: Buffer[], file: string) => {
					const form = new FormData()
					form.append('problem', 'damage')
					for (const [i, bytes] of files.entries())
						form.append('photos', new Blob([new Uint8Array(bytes)]), `p${i}.jpg`)
					const response = new Response(form)
					fs.writeFileSync(file, Buffer.from(await response.arrayBuffer()))
					return {
						op: 'form' as const,
						file,
						fileFields: ['photos'],
						maxFiles: 6,
						contentType: response.headers.get('content-type')!,
					}
				}
				// The worker started and warmed on a small form; then its high-water mark is read.
				await worker.run(await posted([crypto.randomBytes(1000)], path.join(dir, 'small')))
				const peak = () =>
					Number(/VmHWM:\s+(\d+)/.exec(fs.readFileSync(`/proc/${worker.pid}/status`, 'utf8'))![1]) /
					1024
				const before = peak()
				const form = await worker.run(await posted(photos, path.join(dir, 'body')))
				const rise = peak() - before
				console.log('RISE', rise, before)
				if (!('files' in form)) throw new Error('the form was refused')
				expect(form.fields).toEqual([['problem', 'damage']])
				expect(
					form.files.map((f) => fs.readFileSync(f.file).equals(photos[Number(f.name[1])]!)),
				).toEqual([true, true, true, true])
				// Read whole and parsed by formData(), the form took the worker up by 181 MB; now about 2.
				expect(rise).toBeLessThan(16)
			} finally {
				fs.rmSync(dir, { recursive: true, force: true })
			}
		},
	)
})
