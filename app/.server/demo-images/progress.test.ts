import { describe, expect, it } from 'vitest'
import { Progress } from './progress'

describe('image progress lines', () => {
	it('prints at most one line per interval, and always the last one', () => {
		let now = 0
		const lines: string[] = []
		const progress = new Progress(
			(line) => lines.push(line),
			3000,
			() => now,
		)
		progress.update('site', 0, 15)
		progress.update('portfolio', 0, 110)
		now = 1000
		progress.update('site', 1, 15)
		expect(lines).toEqual([])
		now = 3000
		progress.update('portfolio', 4, 110)
		expect(lines).toEqual(['Images: 5 of 125 (site 1 of 15, portfolio 4 of 110)'])
		now = 3500
		progress.update('site', 15, 15)
		progress.update('portfolio', 110, 110)
		expect(lines.at(-1)).toBe('Images: 125 of 125 (site 15 of 15, portfolio 110 of 110)')
		expect(lines).toHaveLength(2)
		now = 4000
		expect(progress.finish(1211)).toBe('Images: 1211 files written in 4.0 s')
		expect(progress.finish(0)).toBe('Images: up to date')
	})
})
