// bench:photos' shoppers: an idle window, then ten uploads at once from the owner's side, in one
// even stream of requests to a listing, so nothing but the uploads differs between the two windows.
import { spawn } from 'node:child_process'
import os from 'node:os'
import readline from 'node:readline'
import { IDLE_POLICY } from '~/.server/photos/photo-worker'
import { printTimeline, type Sample, samplesBetween, shoppersLoad } from './shoppers'

const WARM_UP_MS = 1000
export const IDLE_SECONDS = 10
/** The stream goes on this long after the uploads start; they took 1–6 s on this machine. */
const BUSY_MAX_SECONDS = 15

/**
 * Shoppers' answers while idle and while the uploads run (from the first sent to the last with
 * every variant served), and how long the uploads took. The uploads come from a process of their
 * own, as from the owner's browser: sent from this one, their 33 MB would hold up the load
 * generator's own event loop, and its figures. That browser is not on the shop's machine, so here
 * it runs only on idle CPU time, as the server's photo worker does: the two cores are the
 * server's and the shoppers' (the load generator's).
 */
export async function idleThenUploads(
	listing: string,
	{ url, cookie, files }: { url: string; cookie: string; files: string[] },
) {
	const streamAt = Date.now()
	const since = () => Date.now() - streamAt
	let startedAt = Number.POSITIVE_INFINITY
	let lastDoneAt = 0
	let done = 0
	let exited: Promise<number | null> = Promise.resolve(null)
	const uploadsAt = WARM_UP_MS + IDLE_SECONDS * 1000
	const timer = setTimeout(() => {
		const uploader = spawn(
			IDLE_POLICY.execPath ?? process.execPath,
			[
				...IDLE_POLICY.execArgv,
				...['--import', 'tsx', 'bench/photo-uploader.ts', url, cookie, ...files],
			],
			{ stdio: ['ignore', 'pipe', 'inherit'] },
		)
		if (uploader.pid) os.setPriority(uploader.pid, 19)
		exited = new Promise((resolve) => uploader.once('exit', resolve))
		readline.createInterface({ input: uploader.stdout }).on('line', (line) => {
			if (line === 'start') startedAt = since()
			if (line.startsWith('done')) {
				done++
				lastDoneAt = since()
			}
		})
	}, uploadsAt)
	const samples: Sample[] = []
	const streamSeconds = (uploadsAt + BUSY_MAX_SECONDS * 1000) / 1000
	await shoppersLoad(listing, {
		seconds: streamSeconds,
		onResponse: (sentAt, ms) => samples.push([sentAt - streamAt, ms]),
	})
	clearTimeout(timer)
	if ((await exited) !== 0) throw new Error('the uploads failed')
	if (done !== files.length) throw new Error(`${files.length - done} uploads did not finish`)
	const busyEnd = Math.min(lastDoneAt, streamSeconds * 1000)
	if (process.env.BENCH_DEBUG)
		printTimeline(
			samples.map(([at, ms]) => [at - startedAt, ms]),
			lastDoneAt - startedAt,
		)
	return {
		idle: samplesBetween(samples, WARM_UP_MS, uploadsAt),
		busy: samplesBetween(samples, startedAt, busyEnd),
		uploadsSeconds: (lastDoneAt - startedAt) / 1000,
		/** The stream ended before the last upload did: its window was cut short. */
		cutShort: lastDoneAt > streamSeconds * 1000,
	}
}
