import type { NextFunction, Request, Response } from 'express'
import type { DemoImages } from '../app/.server/demo-images/cache'
import { type Logger, logPath } from '../app/.server/logger'

/** As long as the start-up generator's files were cached (express.static's maxAge '7d'). */
const MAX_AGE = '7d'

/**
 * /images/…: the drawn demo pictures (decision 0028), from the cache when made, otherwise drawn
 * or resized for this request first. A name the site does not hand out is a 404 with nothing
 * drawn; a worker that fails is a 503 (the next request tries again). Same addresses, types and
 * cache headers as the static folder they replace.
 */
export function demoImageFiles(images: DemoImages, logger: Logger) {
	return async (req: Request, res: Response, next: NextFunction) => {
		if (req.method !== 'GET' && req.method !== 'HEAD') {
			res.status(405).set('Allow', 'GET, HEAD').type('text/plain').send('Method not allowed.')
			return
		}
		let file: string | undefined
		try {
			file = await images.file(req.path.slice(1))
		} catch (error) {
			logger.error({ err: error, path: logPath(req.originalUrl) }, 'demo image not made')
			res.status(503).set('Retry-After', '5').type('text/plain').send('Please try again.')
			return
		}
		if (!file) {
			res.status(404).type('text/plain').send('Not found.')
			return
		}
		res.sendFile(file, { maxAge: MAX_AGE, dotfiles: 'allow' }, (error) => {
			if (error && !res.headersSent) next(error)
		})
	}
}
