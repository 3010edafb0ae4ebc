import { createReadableStreamFromReadable, writeReadableStreamToWritable } from '@react-router/node'
import type { NextFunction, Request, Response } from 'express'
import { type AppLoadContext, createRequestHandler, type ServerBuild } from 'react-router'
import { hintCorrection } from '../app/.server/auth/session-hint'
import { VERSION_CHECK_MS } from '../app/.server/catalog/catalog'
import {
	bodyLimitFor,
	discardRest,
	drainAfterResponse,
	limitBody,
	sendTooLarge,
} from './body-limit'
import { compressBody } from './compress-body'
import type { PageCache } from './page-cache'
import {
	isCacheable,
	PRIVATE_PAGE_REPLAY_MS,
	type PrivatePageCache,
	pageOrTurn,
	sendCached,
	type Turn,
} from './page-replay'
import { isPersonalPage, isSharedPage, ownOrigin } from './security'

type Options = {
	build: () => Promise<ServerBuild>
	/** The public origin (SITE_URL): request URLs are built on it, never on the Host header. */
	siteUrl: string
	/** Other origins of the same site (the loopback names with SITE_URL unset: env.ts). */
	siteOrigins?: string[]
	mode: 'development' | 'production'
	getLoadContext: (req: Request, res: Response) => AppLoadContext
	cache?: PageCache
	/** Personal pages replayed to the same private link while their data is unchanged. */
	privatePages?: PrivatePageCache[]
	/** Bytes a request body may have (counted while reading); over it the answer is 413. */
	bodyLimit?: (req: Request) => number
}

/**
 * The React Router handler for Express (in place of @react-router/express), plus the page cache:
 * a GET of a shared page (rendered without cookies), or a cookie-less GET of any other public
 * page, that rendered 200 is kept and replayed with the new response's own CSP nonce.
 */
export function routerHandler({
	build,
	siteUrl,
	siteOrigins = [],
	mode,
	getLoadContext,
	cache,
	privatePages = [],
	bodyLimit = bodyLimitFor,
}: Options) {
	// Given a function, React Router loads the build and re-derives its route tables on every
	// request (for development's hot reload); in production the build never changes: load it once.
	let handler: Promise<ReturnType<typeof createRequestHandler>> | undefined
	const getHandler = () => {
		if (handler) return handler
		handler =
			mode === 'development'
				? Promise.resolve(createRequestHandler(build, mode))
				: build().then((loaded) => createRequestHandler(loaded, mode))
		// A build that failed to load is tried again on the next request.
		handler.catch(() => {
			handler = undefined
		})
		return handler
	}
	const handle = async (req: Request, res: Response, next: NextFunction) => {
		// This request's turn to render a cacheable page (PageCache.lookup), ended when it is stored.
		let rendering: { done: () => void } | undefined
		try {
			const nonce = res.locals.cspNonce as string
			const personal = isPersonalPage(req.path)
			const shared = (req.method === 'GET' || req.method === 'HEAD') && isSharedPage(req.path)
			const anonymous = !req.headers.cookie && !req.headers.authorization
			// Rendered with the visitor's credentials: whatever it shows may be theirs alone.
			const withCredentials = !anonymous && !shared
			const key =
				cache?.enabled && req.method === 'GET' && !personal && (shared || anonymous)
					? req.originalUrl
					: undefined
			// A hit is answered without awaiting (the hot path); only a render under way is waited for.
			let found: Turn | undefined
			if (key && cache) {
				const first = cache.lookup(key)
				found = 'wait' in first ? await pageOrTurn(() => cache.lookup(key), first.wait) : first
			}
			if (found && 'page' in found) {
				sendCached(req, res, found.page, nonce)
				return
			}
			rendering = found?.render
			const replayable =
				personal && anonymous && req.method === 'GET'
					? await privateReplayKey(privatePages, req)
					: undefined
			const replayKey = replayable?.key
			const renderedAt = Date.now()
			const replay = replayKey ? replayable.pages.cache.get(replayKey) : undefined
			if (replay) {
				sendCached(req, res, replay, nonce, 'replay')
				return
			}
			// A page may show a read model up to VERSION_CHECK_MS old, so its TTL counts from then:
			// nobody is served a catalogue older than the TTL (docs/decisions/0003-page-cache.md).
			const dataAsOf = Date.now() - VERSION_CHECK_MS
			const generation = cache?.generation
			const base = ownOrigin(req, siteOrigins) ?? siteUrl
			const { request, bodyTooLarge } = toFetchRequest(req, res, base, bodyLimit(req), shared)
			const context = getLoadContext(req, res)
			const response = await (await getHandler())(request, context)
			// Whatever the route made of its failed read, the answer is that the body was too large.
			if (bodyTooLarge()) {
				await response.body?.cancel()
				await sendTooLarge(req, res)
				return
			}
			// A route that answered without reading the whole body: the rest is read and dropped
			// first, so closing the connection after the answer cannot reset it.
			if (!(await discardRest(req))) drainAfterResponse(req, res)
			res.status(response.status)
			const headers = [...response.headers.entries()]
			for (const [name, value] of headers) res.append(name, value)
			if (context.session?.user && req.headers.cookie) {
				const correction = hintCorrection({
					requestCookie: req.headers.cookie,
					found: await context.session.user,
					responseCookies: response.headers.getSetCookie(),
					siteUrl: context.env.SITE_URL,
				})
				if (correction) res.append('Set-Cookie', correction)
			}
			// Personal pages by path; anything else rendered with credentials unless the route opted in
			// to public caching (robots.txt, sitemap.xml say `public`).
			if (
				personal ||
				(withCredentials && !/\bpublic\b/.test(response.headers.get('cache-control') ?? ''))
			)
				res.setHeader('Cache-Control', 'private, no-store')
			if (replayKey && response.status === 200 && !response.headers.has('set-cookie')) {
				const body = Buffer.from(await response.arrayBuffer())
				// The entry lives its TTL from the render, or less: until the clock changes the page.
				const until = Math.min(
					replayable.freshUntil,
					replayable.untilFromPage ? (context.replayUntil ?? 0) : Number.POSITIVE_INFINITY,
				)
				const asOf = Math.min(renderedAt, until - PRIVATE_PAGE_REPLAY_MS)
				replayable.pages.cache.set(replayKey, { status: 200, headers, body, nonce }, asOf)
				await sendWhole(req, res, body)
				return
			}
			if (key && isCacheable(response)) {
				const body = Buffer.from(await response.arrayBuffer())
				cache?.set(key, { status: response.status, headers, body, nonce }, dataAsOf, generation)
				rendering?.done()
				res.setHeader('X-Page-Cache', 'miss')
				await sendWhole(req, res, body)
				return
			}
			// Pages render whole (entry.server.tsx waits for everything), so nothing is lost by
			// compressing them in one piece.
			if (response.body && response.headers.get('content-type')?.startsWith('text/html')) {
				await sendWhole(req, res, Buffer.from(await response.arrayBuffer()))
				return
			}
			if (response.body) await writeReadableStreamToWritable(response.body, res)
			else res.end()
		} catch (error) {
			// The client went away mid-answer (a closed tab, a dropped connection): there is no one
			// to answer and nothing wrong on our side, so it is not an error to log.
			if (res.destroyed) return
			next(error)
		} finally {
			rendering?.done()
		}
	}
	/** Loads the build and the renderer now (before 'ready'), not on the first visitor's request. */
	const preload = () => getHandler().then(() => undefined)
	return Object.assign(handle, { preload })
}

/** The replay key of the first kind of private page that knows this request, and that kind. */
async function privateReplayKey(kinds: PrivatePageCache[], req: Request) {
	for (const pages of kinds) {
		const found = await pages.keyFor(req)
		if (found) return { ...found, pages }
	}
	return undefined
}

/** A whole body, compressed here (compression() passes an encoded body through untouched). */
async function sendWhole(req: Request, res: Response, body: Buffer) {
	const out = await compressBody(body, req.headers['accept-encoding'])
	res.vary('Accept-Encoding')
	if (out.encoding) res.setHeader('Content-Encoding', out.encoding)
	res.end(out.body)
}

/**
 * `withoutCredentials`: a shared page never sees who is asking (no cookies, no Authorization).
 * The URL is SITE_URL's origin and the request's path: a Host header is the client's to choose
 * (an invalid one made `new URL` throw), and the path was checked by request-target.ts.
 */
function toFetchRequest(
	req: Request,
	res: Response,
	siteUrl: string,
	limit: number,
	withoutCredentials = false,
) {
	const url = new URL(req.originalUrl, siteUrl)
	// request-target.ts redirected anything that is not a plain path ('//host/…', absolute form).
	if (url.origin !== new URL(siteUrl).origin) throw new Error('request target is not a path')
	const controller = new AbortController()
	res.on('close', () => {
		if (!res.writableFinished) controller.abort()
	})
	const headers = new Headers()
	for (const [name, value] of Object.entries(req.headers)) {
		if (withoutCredentials && (name === 'cookie' || name === 'authorization')) continue
		if (Array.isArray(value)) for (const v of value) headers.append(name, v)
		else if (value !== undefined) headers.set(name, value)
	}
	const hasBody = req.method !== 'GET' && req.method !== 'HEAD'
	const body = hasBody ? limitBody(req, limit) : undefined
	const request = new Request(url, {
		method: req.method,
		headers,
		signal: controller.signal,
		...(body ? { body: createReadableStreamFromReadable(body.stream), duplex: 'half' } : {}),
	} as RequestInit)
	return { request, bodyTooLarge: () => body?.exceeded() ?? false }
}
