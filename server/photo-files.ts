import path from 'node:path'
import express, { type NextFunction, type Request, type Response } from 'express'
import { IMMUTABLE } from '../app/.server/photos/serve'
import { parsePhotoFile } from '../app/lib/photos'

const TYPES: Record<string, string> = {
	'.avif': 'image/avif',
	'.webp': 'image/webp',
	'.jpg': 'image/jpeg',
}

/**
 * Uploaded photos' variants already in this instance's cache, served as static files (as fast
 * as the generated images, without the page renderer). Only names the site hands out are looked
 * up; a variant not made yet falls through to the /photos/:file route, which makes it.
 */
export function photoCacheFiles(dir: string) {
	const serve = express.static(path.resolve(dir), {
		index: false,
		fallthrough: true,
		etag: true,
		lastModified: false,
		setHeaders(res, file) {
			res.setHeader('Cache-Control', IMMUTABLE)
			res.setHeader('Content-Type', TYPES[path.extname(file)] ?? 'application/octet-stream')
			res.setHeader('X-Content-Type-Options', 'nosniff')
		},
	})
	return (req: Request, res: Response, next: NextFunction) => {
		if (req.method !== 'GET' && req.method !== 'HEAD') return next()
		if (!parsePhotoFile(req.path.slice(1))) return next()
		serve(req, res, next)
	}
}
