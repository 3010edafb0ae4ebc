import fs from 'node:fs'
import path from 'node:path'
import express, { type NextFunction, type Request, type Response } from 'express'

/** Uploaded photos' cached variants are static files too (decision 0026). */
export { photoCacheFiles } from './photo-files'

const TYPES: Record<string, string> = {
	'.js': 'text/javascript; charset=utf-8',
	'.css': 'text/css; charset=utf-8',
	'.svg': 'image/svg+xml',
	'.json': 'application/json',
	'.map': 'application/json',
	'.txt': 'text/plain; charset=utf-8',
}

/**
 * Serves hashed build assets, preferring the .br/.gz files written at build time
 * (scripts/precompress.ts), with a year-long immutable cache.
 */
export function precompressedAssets(dir: string) {
	const serve = express.static(dir, {
		immutable: true,
		maxAge: '1y',
		fallthrough: false,
		setHeaders(res, file) {
			const encoding = file.endsWith('.br') ? 'br' : file.endsWith('.gz') ? 'gzip' : undefined
			if (!encoding) return
			res.setHeader('Content-Encoding', encoding)
			const type = TYPES[path.extname(file.replace(/\.(br|gz)$/, ''))]
			if (type) res.setHeader('Content-Type', type)
			res.setHeader('Vary', 'Accept-Encoding')
		},
	})
	const root = path.resolve(dir)
	return (req: Request, res: Response, next: NextFunction) => {
		const accepted = req.get('accept-encoding') ?? ''
		for (const [token, suffix] of [
			['br', '.br'],
			['gzip', '.gz'],
		] as const) {
			if (!new RegExp(`\\b${token}\\b`).test(accepted)) continue
			const candidate = path.join(root, `${req.path}${suffix}`)
			if (candidate.startsWith(root + path.sep) && fs.existsSync(candidate)) {
				req.url = `${req.path}${suffix}`
				break
			}
		}
		serve(req, res, next)
	}
}
