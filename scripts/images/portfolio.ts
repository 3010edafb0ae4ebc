// The portfolio's "photographs": each project's gallery photos are pond scenes (./scene) whose
// seed, style and camera distance follow from the project and the photo's number, so the same
// commit always draws the same photo. The server draws each on first request, in its photo worker
// (app/.server/demo-images, decision 0028).
import { GALLERY_SIZE, PORTFOLIO_PROJECTS } from '../../app/data/portfolio'
import { fromPixels, type Pixels } from './pixels'
import { renderPondScene, type SceneOptions, type SceneStyle, type Shot } from './scene'

const SHOTS: Shot[] = ['medium', 'close', 'wide']
const STYLE: Record<string, SceneStyle> = {
	pond1: 'raised-brick',
	pond2: 'modern',
	pond3: 'raised-stone',
	pond4: 'wildlife',
	pond5: 'modern',
	pond6: 'natural',
}

/** What photo `photo` (from 1) of a demo project shows; undefined for no such photo. */
export function portfolioScene(projectId: string, photo: number): SceneOptions | undefined {
	const index = PORTFOLIO_PROJECTS.findIndex((project) => project.id === projectId)
	const project = PORTFOLIO_PROJECTS[index]
	if (!project || !Number.isInteger(photo) || photo < 1 || photo > project.imageCount) return
	return {
		seed: (index + 1) * 1000 + photo,
		width: GALLERY_SIZE.width,
		height: GALLERY_SIZE.height,
		style: STYLE[project.id] ?? 'natural',
		shot: SHOTS[photo % SHOTS.length],
	}
}

/** A demo project's gallery photo at full size (GALLERY_SIZE), as raw pixels. */
export function drawPortfolioPhoto(projectId: string, photo: number): Promise<Pixels> {
	const scene = portfolioScene(projectId, photo)
	if (!scene) throw new Error(`no portfolio photo ${projectId} ${photo}`)
	return renderPondScene(scene)
}

const hex = ({ r, g, b }: { r: number; g: number; b: number }) =>
	`#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`

/**
 * The colour shown while a photo loads: the dominant colour of a 320-pixel-wide copy (the full
 * frame cost 70 ms a photo). The gallery's colours are committed (app/.server/portfolio/
 * photo-colours.json, written by scripts/images/colours.ts), so no page waits for a drawing.
 */
export async function dominantColour(master: Pixels) {
	const { dominant } = await fromPixels(master).resize(320).stats()
	return hex(dominant)
}
