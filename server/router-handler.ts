import { createReadableStreamFromReadable, writeReadableStreamToWritable } from '@react-router/node'
import type { NextFunction, Request, Response } from 'express'
import { type AppLoadContext, createRequestHandler, type ServerBuild } from 'react-router'
import { VERSION_CHECK_MS } from '../app/.server/catalog/catalog'
import type { CachedPage, PageCache } from './page-cache'
import { contentSecurityPolicy } from './security'

type Options = {
	build: () => Promise<ServerBuild>
	mode: 'development' | 'production'
	getLoadContext: (req: Request, res: Response) => AppLoadContext
	cache?: PageCache
}

/**
 * The React Router handler for Express (as @react-router/express does it), plus the page cache:
 * a cookie-less GET that rendered 200 is kept and replayed with the new response's CSP nonce.
 */
export function routerHandler({ build, mode, getLoadContext, cache }: Options) {
	const handle = createRequestHandler(build, mode)
	return async (req: Request, res: Response, next: NextFunction) => {
		try {
			const nonce = res.locals.cspNonce as string
			const key =
				cache?.enabled && req.method === 'GET' && !req.headers.cookie && !req.headers.authorization
					? req.originalUrl
					: undefined
			const hit = key ? cache?.get(key) : undefined
			if (hit) {
				sendCached(req, res, hit)
				return
			}
			// A page may show a read model up to VERSION_CHECK_MS old, so its TTL counts from then:
			// nobody is served a catalogue older than the TTL (docs/decisions/0003-page-cache.md).
			const dataAsOf = Date.now() - VERSION_CHECK_MS
			const generation = cache?.generation
			const response = await handle(toFetchRequest(req, res), getLoadContext(req, res))
			res.status(response.status)
			const headers = [...response.headers.entries()]
			for (const [name, value] of headers) res.append(name, value)
			if (key && isCacheable(response)) {
				const body = Buffer.from(await response.arrayBuffer())
				cache?.set(key, { status: response.status, headers, body, nonce }, dataAsOf, generation)
				res.setHeader('X-Page-Cache', 'miss')
				res.end(body)
				return
			}
			if (response.body) await writeReadableStreamToWritable(response.body, res)
			else res.end()
		} catch (error) {
			next(error)
		}
	}
}

function sendCached(req: Request, res: Response, page: CachedPage) {
	res.status(page.status)
	for (const [name, value] of page.headers) res.append(name, value)
	res.setHeader('Content-Security-Policy', contentSecurityPolicy(page.nonce))
	res.setHeader('X-Page-Cache', 'hit')
	res.setHeader('Vary', 'Accept-Encoding')
	const accepted = req.get('accept-encoding') ?? ''
	const [encoding, body] = /\bbr\b/.test(accepted)
		? ['br', page.brotli]
		: /\bgzip\b/.test(accepted)
			? ['gzip', page.gzip]
			: [undefined, page.body]
	if (encoding) res.setHeader('Content-Encoding', encoding)
	res.setHeader('Content-Length', body.length)
	res.end(body)
}

function isCacheable(response: globalThis.Response) {
	const cacheControl = response.headers.get('cache-control') ?? ''
	return (
		response.status === 200 &&
		!response.headers.has('set-cookie') &&
		!/no-store|private/.test(cacheControl)
	)
}

function toFetchRequest(req: Request, res: Response): globalThis.Request {
	const url = new URL(req.originalUrl, `${req.protocol}://${req.get('host') ?? 'localhost'}`)
	const controller = new AbortController()
	res.on('close', () => {
		if (!res.writableFinished) controller.abort()
	})
	const headers = new Headers()
	for (const [name, value] of Object.entries(req.headers)) {
		if (Array.isArray(value)) for (const v of value) headers.append(name, v)
		else if (value !== undefined) headers.set(name, value)
	}
	const hasBody = req.method !== 'GET' && req.method !== 'HEAD'
	return new Request(url, {
		method: req.method,
		headers,
		signal: controller.signal,
		...(hasBody ? { body: createReadableStreamFromReadable(req), duplex: 'half' } : {}),
	} as RequestInit)
}
