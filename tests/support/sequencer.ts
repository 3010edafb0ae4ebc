import { BaseSequencer, type TestSpecification } from 'vitest/node'

/**
 * The order files start in (issue 56). Vitest's own order runs the projects one after another by
 * name (database, process, pure), so the four process files, the longest of the run (20–60 s
 * each, a shop process apiece), started last and left one worker idle at the end. Longest first
 * packs the two workers better: the process tier, then the database tier, then the pure tests
 * (milliseconds each). Within a tier, Vitest's order: slowest of the last run first, else largest.
 */
const TIERS = ['process', 'database', 'pure']

export class TiersSlowestFirst extends BaseSequencer {
	override async sort(files: TestSpecification[]) {
		const sorted = await super.sort(files)
		const tier = (file: TestSpecification) => {
			const index = TIERS.indexOf(file.project.name)
			return index < 0 ? TIERS.length : index
		}
		// Array.prototype.sort is stable: each tier keeps Vitest's order.
		return sorted.sort((a, b) => tier(a) - tier(b))
	}
}
