import fs from 'node:fs'
import path from 'node:path'

let colours: Record<string, string[]> | undefined

/** Each photo's dominant colour (written by the image generator), shown while the photo loads. */
export function photoColours(projectId: string): string[] {
	if (!colours) {
		try {
			const file = path.resolve('public/images/portfolio/manifest.json')
			colours = (JSON.parse(fs.readFileSync(file, 'utf8')) as { colours: Record<string, string[]> })
				.colours
		} catch {
			colours = {}
		}
	}
	return colours[projectId] ?? []
}
