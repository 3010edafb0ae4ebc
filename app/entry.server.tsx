import { PassThrough } from 'node:stream'
import { createReadableStreamFromReadable } from '@react-router/node'
import { renderToPipeableStream } from 'react-dom/server'
import type { AppLoadContext, EntryContext, HandleErrorFunction } from 'react-router'
import { ServerRouter } from 'react-router'
import { NonceProvider } from '~/components/nonce'

export const streamTimeout = 5_000

/**
 * Errors thrown in loaders, actions and rendering: logged by kind and code with the path only
 * (no query string; database errors without their parameters, see logger.ts).
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
	if (request.signal.aborted) return
	const logger = (context as AppLoadContext | undefined)?.logger
	logger?.error({ err: error, path: new URL(request.url).pathname }, 'request error')
}

export default function handleRequest(
	request: Request,
	responseStatusCode: number,
	responseHeaders: Headers,
	routerContext: EntryContext,
	loadContext: AppLoadContext,
) {
	if (request.method.toUpperCase() === 'HEAD') {
		return new Response(null, { status: responseStatusCode, headers: responseHeaders })
	}
	const nonce = loadContext.nonce
	return new Promise<Response>((resolve, reject) => {
		let shellRendered = false
		let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
			() => abort(),
			streamTimeout + 1000,
		)
		// Pages render whole (no streamed Suspense boundaries): simpler caching and correct status codes.
		const { pipe, abort } = renderToPipeableStream(
			<NonceProvider value={nonce}>
				<ServerRouter context={routerContext} url={request.url} nonce={nonce} />
			</NonceProvider>,
			{
				nonce,
				onAllReady() {
					shellRendered = true
					const body = new PassThrough({
						final(callback) {
							clearTimeout(timeoutId)
							timeoutId = undefined
							callback()
						},
					})
					responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
					pipe(body)
					resolve(
						new Response(createReadableStreamFromReadable(body), {
							headers: responseHeaders,
							status: responseStatusCode,
						}),
					)
				},
				onShellError(error: unknown) {
					reject(error)
				},
				onError(error: unknown) {
					responseStatusCode = 500
					if (shellRendered) loadContext.logger.error({ err: error }, 'render error')
				},
			},
		)
	})
}
