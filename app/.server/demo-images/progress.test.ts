import { describe, expect, it } from 'vitest'
import { Progress } from './progress'

describe('image progress lines', () => {
	it('count one thing, pictures ready of all of them: at most one line per interval, then a closing one', () => {
		let now = 0
		const lines: string[] = []
		const progress = new Progress(
			(line) => lines.push(line),
			125,
			3000,
			() => now,
		)
		progress.update(1)
		now = 1000
		progress.update(5)
		expect(lines).toEqual([])
		now = 3000
		progress.update(15)
		expect(lines).toEqual(['Images: 15 of 125'])
		now = 3500
		progress.update(40)
		progress.update(125)
		expect(lines).toEqual(['Images: 15 of 125'])
		now = 4000
		// The closing line says the same total: never a count of files (a picture's several sizes).
		expect(progress.finish(110)).toBe('Images: 125 of 125 in 4.0 s')
		expect(progress.finish(0)).toBe('Images: up to date')
		for (const line of [...lines, progress.finish(110)])
			expect(line).toMatch(/^Images: \d+ of 125( in [\d.]+ s)?$/)
	})
})
