import type { Db, Tx } from '~/.server/db/client'
import { contentSeeds } from '~/.server/db/schema'
import { demoProjects, demoTestimonials } from './demo'
import { addDemoProjects } from './project-admin'
import { addDemoTestimonials } from './testimonials'

/**
 * Writes the demo portfolio and testimonials into a new shop, once: each seed records itself in
 * content_seeds in the same transaction as its rows, so a restart (or a second instance starting
 * at the same moment: it waits on the marker's key, then finds it) never brings back what the
 * owner changed, hid or removed. Returns the seeds it wrote.
 */
export async function seedContent(db: Db): Promise<string[]> {
	const seeds = [
		{ name: 'portfolio', write: (tx: Tx) => addDemoProjects(tx, demoProjects()) },
		{ name: 'testimonials', write: (tx: Tx) => addDemoTestimonials(tx, demoTestimonials()) },
	]
	const written: string[] = []
	for (const seed of seeds) {
		const done = await db.transaction(async (tx) => {
			const claimed = await tx
				.insert(contentSeeds)
				.values({ name: seed.name })
				.onConflictDoNothing()
				.returning({ name: contentSeeds.name })
			if (claimed.length === 0) return false
			await seed.write(tx)
			return true
		})
		if (done) written.push(seed.name)
	}
	return written
}
