import type { NextFunction, Request, Response } from 'express'
import type { VisitRecorder } from '../app/.server/analytics/recorder'
import { mayCount } from '../app/lib/analytics/consent'

/**
 * Counts HTML pages as they are answered, whether rendered or replayed from the page cache
 * (decision 0020): after the response finishes, a 200 `text/html` GET is handed to the recorder,
 * which only appends it to a bounded array. Opted-out, GPC and DNT requests are never handed over.
 */
export function countVisits(recorder: VisitRecorder | undefined) {
	return (req: Request, res: Response, next: NextFunction) => {
		if (recorder && req.method === 'GET' && mayCount(req.headers)) {
			res.once('finish', () => {
				if (res.statusCode !== 200) return
				if (!String(res.getHeader('content-type') ?? '').startsWith('text/html')) return
				const url = req.originalUrl
				const query = url.indexOf('?')
				recorder.record({
					kind: 'view',
					at: Date.now(),
					path: req.path,
					search: query === -1 ? '' : url.slice(query),
					referrer: req.headers.referer,
					ip: req.ip ?? '',
					userAgent: req.headers['user-agent'] ?? '',
				})
			})
		}
		next()
	}
}
