import type { PGlite } from '@electric-sql/pglite'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { openDatabase } from '~/.server/db/client'
import { portfolioProjects, testimonials } from '~/.server/db/schema'
import { seedContent } from './seed'

describe('the demo content seed', () => {
	it('is written at the first start only: a restart keeps the owner’s edits and removals', async () => {
		// A restart is the same database opened again: its dump loaded into a new PGlite (a data
		// directory on disk would add a first start's creation, ~5 s, and prove nothing more here).
		const first = await openDatabase({})
		// Two starts at once (a second instance): one writes, the other finds it done.
		const runs = await Promise.all([seedContent(first.db), seedContent(first.db)])
		expect(runs.flat().sort()).toEqual(['portfolio', 'testimonials'])
		expect(await first.db.select().from(portfolioProjects)).toHaveLength(6)
		await first.db
			.update(portfolioProjects)
			.set({ name: 'Our Own Pond', published: false })
			.where(eq(portfolioProjects.slug, 'pond1'))
		await first.db.delete(testimonials).where(eq(testimonials.name, 'Priya Patel'))
		const saved = await (first.pglite as PGlite).dumpDataDir('none')
		await first.close()

		const again = await openDatabase({ loadDataDir: saved })
		try {
			expect(await seedContent(again.db)).toEqual([])
			const [pond1] = await again.db
				.select()
				.from(portfolioProjects)
				.where(eq(portfolioProjects.slug, 'pond1'))
			expect(pond1).toMatchObject({ name: 'Our Own Pond', published: false })
			expect((await again.db.select().from(testimonials)).map((t) => t.name).sort()).toEqual([
				'Alasdair Fraser',
				'Morag Mackenzie',
			])
		} finally {
			await again.close()
		}
	}, 120_000)
})
