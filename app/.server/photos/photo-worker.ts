import { type ChildProcess, fork } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import type { ResizeOptions } from 'sharp'
import type { Drawing } from '~/lib/images'

/** How an image is written: sharp's encoder name and its options. */
export type EncoderOutput = {
	format: 'jpeg' | 'webp' | 'avif' | 'png'
	options: Record<string, string | number | boolean>
}

/**
 * A photo for the worker: its bytes, or a file the worker reads itself. An upload is passed as a
 * file, so its megabytes never cross the server's thread again (issue 32).
 */
export type PhotoInput = Buffer | { file: string }

export type Encoding = {
	input: PhotoInput
	limitInputPixels: number
	flatten?: string
	resize?: ResizeOptions
	output: EncoderOutput
}

/** The jobs photo-worker-child.mjs runs (it decides nothing itself). */
export type PhotoJob =
	| ({ op: 'encode' } & Encoding)
	/** As 'encode', the result written to the file `to` rather than sent back. */
	| ({ op: 'encodeFile'; to: string } & Encoding)
	| {
			op: 'variants'
			input: PhotoInput
			decode: { resize: ResizeOptions; flatten: string }
			outputs: Array<EncoderOutput & { file: string; resize: ResizeOptions }>
	  }
	/** A demo image drawn (scripts/images/draw.ts) and written to `to` as its original (0028). */
	| { op: 'draw'; drawing: Drawing; to: string; output: EncoderOutput }
	| {
			/** A posted form read from a file: its text fields, and its files written beside it. */
			op: 'form'
			file: string
			contentType: string
			/** The fields whose files are kept (non-empty ones, as `<file>.<n>`). */
			fileFields: string[]
			/** At most this many files are written; later ones are read past (multipart.mjs). */
			maxFiles: number
	  }
export type PostedFile = { field: string; name: string; size: number; file: string }
/** `contentId`: the SHA-256 of the encoded bytes, as content-id.mjs names originals. */
type Encoded = { width: number; height: number; size: number; contentId: string }
type Results = {
	encode: Encoded & { data: Uint8Array }
	encodeFile: Encoded
	variants: Record<string, never>
	draw: Record<string, never>
	form:
		| { fields: Array<[string, string]>; files: PostedFile[] }
		| { unreadable: true }
		| { tooLarge: true }
}

export const WORKER_SCRIPT = path.resolve(
	process.cwd(),
	'app/.server/photos/photo-worker-child.mjs',
)

/**
 * On Linux the worker starts under util-linux's `chrt --idle`: the SCHED_IDLE policy runs it
 * only on CPU time nothing else wants, and a shopper's request that wakes preempts it at once,
 * where priority 19 alone still gave it a share of both cores (decision 0026, 27 Nov). Elsewhere,
 * or without `chrt`, the worker still lowers its own priority.
 */
const CHRT = ['/usr/bin/chrt', '/bin/chrt'].find((file) => fs.existsSync(file))
export const IDLE_POLICY =
	process.platform === 'linux' && CHRT
		? { execPath: CHRT, execArgv: ['--idle', '0', process.execPath] }
		: { execArgv: [] }

/**
 * A test run keeps both cores busy for minutes (two test files at a time): under SCHED_IDLE the
 * worker would get almost no CPU time and uploads in tests would time out. vitest.config.ts sets
 * PHOTO_WORKER_SCHED=nice, which leaves the worker at priority 19 only; photo-worker.test.ts
 * checks SCHED_IDLE with a worker of its own. The browser tests' shops set `normal`: their
 * pictures are drawn as pages ask for them, and a page's test waits for them while two browsers
 * keep both cores busy (at priority 19 six portfolio covers took over ten seconds).
 */
const WORKER_POLICY: { execPath?: string; execArgv: string[] } =
	process.env.PHOTO_WORKER_SCHED === 'nice' || process.env.PHOTO_WORKER_SCHED === 'normal'
		? { execArgv: [] }
		: IDLE_POLICY

/** A worker with nothing to do for this long is stopped (its memory given back); the next
 * upload starts another in about 100 ms. */
const IDLE_MS = 60_000

/**
 * Runs photo jobs in a child process at the lowest CPU priority (decision 0026): resizing a
 * 12-megapixel photo keeps both cores busy for a second, and on the server's own threads that
 * second was taken from shoppers. Started on first use, restarted after a crash (the jobs in
 * flight fail with a clear error), stopped when idle or when the server exits.
 */
export class PhotoWorker {
	private child: ChildProcess | undefined
	private readonly pending = new Map<
		number,
		{ resolve: (value: never) => void; reject: (error: Error) => void }
	>()
	private nextId = 1
	private idle: NodeJS.Timeout | undefined

	constructor(
		private readonly script = WORKER_SCRIPT,
		private readonly policy = WORKER_POLICY,
	) {}

	run<Op extends PhotoJob['op']>(job: Extract<PhotoJob, { op: Op }>): Promise<Results[Op]> {
		const child = this.started()
		const id = this.nextId++
		clearTimeout(this.idle)
		child.ref()
		child.channel?.ref()
		return new Promise<Results[Op]>((resolve, reject) => {
			this.pending.set(id, { resolve: resolve as (value: never) => void, reject })
			child.send({ id, job }, (error) => {
				if (error) this.settle(id, { ok: false, error: error.message })
			})
		})
	}

	/** The worker's process id while it runs (tests check its priority). */
	get pid() {
		return this.child?.pid
	}

	stop() {
		this.child?.kill()
		this.child = undefined
	}

	private started() {
		if (this.child) return this.child
		const child = fork(this.script, [], {
			// Structured clone: photos travel as bytes, not as JSON arrays of numbers.
			serialization: 'advanced',
			// No inherited flags (a test runner's loaders, the server's heap cap).
			...this.policy,
			stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
		})
		child.on('message', (message: { id: number; ok: boolean; result?: never; error?: string }) =>
			this.settle(message.id, message),
		)
		child.on('exit', (code, signal) => {
			if (this.child === child) this.child = undefined
			for (const id of [...this.pending.keys()])
				this.settle(id, { ok: false, error: `the photo worker stopped (${signal ?? code})` })
		})
		this.child = child
		return child
	}

	private settle(id: number, message: { ok: boolean; result?: never; error?: string }) {
		const waiting = this.pending.get(id)
		if (!waiting) return
		this.pending.delete(id)
		if (message.ok) waiting.resolve(message.result as never)
		else waiting.reject(new Error(message.error ?? 'photo job failed'))
		if (this.pending.size > 0 || !this.child) return
		// Nothing in flight: the worker must not keep a finished process (a test, a command) alive.
		this.child.unref()
		this.child.channel?.unref()
		this.idle = setTimeout(() => this.stop(), IDLE_MS).unref()
	}
}

/** The one worker of this process. */
export const photoWorker = new PhotoWorker()
process.once('exit', () => photoWorker.stop())
