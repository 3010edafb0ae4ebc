// The one entry point of the demo-image drawings, loaded by the photo worker
// (app/.server/photos/photo-worker-child.mjs, op 'draw'): what to draw is decided by the server
// (app/.server/demo-images/catalogue.ts); how it looks is decided here.
import type { Drawing } from '../../app/lib/images'
import type { Pixels } from './pixels'
import { drawPortfolioPhoto } from './portfolio'
import { drawProduct } from './products'
import { drawSiteImage } from './site'

export function draw(drawing: Drawing): Promise<Pixels> {
	switch (drawing.family) {
		case 'site':
			return drawSiteImage(drawing.name)
		case 'portfolio':
			return drawPortfolioPhoto(drawing.project, drawing.photo)
		case 'products':
			return drawProduct(drawing)
	}
}
