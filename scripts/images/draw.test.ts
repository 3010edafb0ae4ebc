import { describe, expect, it } from 'vitest'
import colours from '../../app/.server/portfolio/photo-colours.json'
import { PORTFOLIO_PROJECTS } from '../../app/data/portfolio'
import { draw } from './draw'
import { dominantColour, drawPortfolioPhoto } from './portfolio'
import { renderPondScene } from './scene'

describe('the demo drawings (decision 0028)', () => {
	it('draw the same pixels every time, so a cache of them stays right', async () => {
		const product = { family: 'products', name: 'Pond Pump', vendor: 'Oase', category: 'pumps' }
		const [a, b] = await Promise.all([draw(product as never), draw(product as never)])
		expect(a.data.equals(b.data)).toBe(true)
		// A scene (seeded layout, seeded grain) at a small size (the grain tile is 256 px).
		const scene = { seed: 7, width: 480, height: 360, style: 'modern', shot: 'close' } as const
		const [c, d] = await Promise.all([renderPondScene(scene), renderPondScene(scene)])
		expect(c.data.equals(d.data)).toBe(true)
	})

	it('match the committed loading colours (scripts/images/colours.ts wrote them from the drawings)', async () => {
		const committed = colours as Record<string, string[]>
		for (const project of PORTFOLIO_PROJECTS) {
			expect(committed[project.id]).toHaveLength(project.imageCount)
			for (const colour of committed[project.id]!) expect(colour).toMatch(/^#[0-9a-f]{6}$/)
		}
		// One photo drawn in full (about a second): a changed drawing fails here until the file is
		// written again.
		expect(await dominantColour(await drawPortfolioPhoto('pond5', 3))).toBe(committed.pond5![2])
	})
})
