// `npx tsx scripts/images/colours.ts`: draws every demo portfolio photo and writes the colour each
// shows while it loads to app/.server/portfolio/photo-colours.json (committed, so pages never wait
// for a drawing; decision 0028). Run it after changing a drawing; colours.test.ts checks a photo.
import fs from 'node:fs'
import { PORTFOLIO_PROJECTS } from '../../app/data/portfolio'
import { dominantColour, drawPortfolioPhoto } from './portfolio'

export const COLOURS_FILE = 'app/.server/portfolio/photo-colours.json'

if (process.argv[1]?.endsWith('colours.ts')) {
	const colours: Record<string, string[]> = {}
	for (const project of PORTFOLIO_PROJECTS) {
		colours[project.id] = []
		for (let photo = 1; photo <= project.imageCount; photo++) {
			colours[project.id]!.push(await dominantColour(await drawPortfolioPhoto(project.id, photo)))
			console.log(`${project.id} ${photo} of ${project.imageCount}`)
		}
	}
	fs.writeFileSync(COLOURS_FILE, `${JSON.stringify(colours, null, '\t')}\n`)
}
