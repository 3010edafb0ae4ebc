import crypto from 'node:crypto'
import type { NextFunction, Request, Response } from 'express'
import { type Logger, logPath } from '../app/.server/logger'

/** One JSON line per request: no query strings, cookies, IPs or bodies (they can carry personal data). */
export function requestLog(logger: Logger) {
	return (req: Request, res: Response, next: NextFunction) => {
		const start = process.hrtime.bigint()
		const id = crypto.randomUUID()
		res.setHeader('X-Request-Id', id)
		res.on('finish', () => {
			if (req.path === '/healthz' || req.path === '/readyz') return
			const ms = Number(process.hrtime.bigint() - start) / 1e6
			logger.info(
				{
					reqId: id,
					method: req.method,
					path: logPath(req.path),
					status: res.statusCode,
					ms: Math.round(ms),
				},
				'request',
			)
		})
		next()
	}
}
