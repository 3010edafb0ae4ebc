import { describe, expect, it } from 'vitest'
import { type Pace, restBeforeNextChunk } from './pacing'

const pace = (over: Partial<Pace>): Pace => ({
	budgetMs: 4000,
	elapsedMs: 0,
	workMs: 0,
	chunksDone: 0,
	chunksLeft: 0,
	...over,
})

/** Runs a batch of `chunks` chunks of `chunkMs` each, resting as told; answers its total time. */
function simulate(chunks: number, chunkMs: number, budgetMs = 4000) {
	let elapsed = 0
	let work = 0
	let rests = 0
	for (let done = 1; done <= chunks; done++) {
		elapsed += chunkMs
		work += chunkMs
		const rest = restBeforeNextChunk({
			budgetMs,
			elapsedMs: elapsed,
			workMs: work,
			chunksDone: done,
			chunksLeft: chunks - done,
		})
		expect(rest).toBeGreaterThanOrEqual(0)
		expect(rest).toBeLessThanOrEqual(chunkMs)
		elapsed += rest
		rests += rest
	}
	return { elapsed, rests }
}

describe('resting between chunks of background work', () => {
	it('rests as long as a chunk took while the budget has room', () => {
		expect(
			restBeforeNextChunk(pace({ elapsedMs: 20, workMs: 20, chunksDone: 1, chunksLeft: 99 })),
		).toBe(20)
	})

	it('rests only what is spare once the budget is tight, and not at all once it is spent', () => {
		// 50 chunks of 20 ms left (1 s) with 1.5 s of the budget left: 10 ms before each.
		expect(
			restBeforeNextChunk(pace({ elapsedMs: 2500, workMs: 1000, chunksDone: 50, chunksLeft: 50 })),
		).toBe(10)
		expect(
			restBeforeNextChunk(pace({ elapsedMs: 3000, workMs: 1000, chunksDone: 50, chunksLeft: 50 })),
		).toBe(0)
		expect(
			restBeforeNextChunk(pace({ elapsedMs: 3900, workMs: 1950, chunksDone: 50, chunksLeft: 50 })),
		).toBe(0)
	})

	it('never rests before the first chunk or after the last', () => {
		expect(restBeforeNextChunk(pace({ chunksLeft: 100 }))).toBe(0)
		expect(restBeforeNextChunk(pace({ elapsedMs: 20, workMs: 20, chunksDone: 100 }))).toBe(0)
	})

	it.each([
		// [chunks, ms a chunk, total with rests]: a quick batch takes twice as long (no rest after
		// the last chunk), a slower one ends with its budget.
		[100, 10, 1990],
		[100, 20, 3980],
		[100, 30, 4000],
	])('%i chunks of %i ms take %i ms with their rests', (chunks, chunkMs, total) => {
		expect(simulate(chunks, chunkMs).elapsed).toBeCloseTo(total, 6)
	})

	it('adds nothing to a batch already slower than its budget', () => {
		expect(simulate(100, 45)).toEqual({ elapsed: 4500, rests: 0 })
	})
})
