import { Writable } from 'node:stream'
import { renderToPipeableStream } from 'react-dom/server'
import type { AppLoadContext, EntryContext, HandleErrorFunction } from 'react-router'
import { isRouteErrorResponse, ServerRouter } from 'react-router'
import { logPath } from '~/.server/logger'
import { NonceProvider } from '~/components/nonce'

export const streamTimeout = 5_000

/**
 * Errors thrown in loaders, actions and rendering: logged by kind and code with the path only
 * (no query string; database errors without their parameters, see logger.ts).
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
	if (request.signal.aborted) return
	const logger = (context as AppLoadContext | undefined)?.logger
	const path = logPath(new URL(request.url).pathname)
	// A 4xx the router made itself (no such route, no action for a POST) is the client's mistake,
	// already in the request log with its status: error level is for faults of ours.
	if (isRouteErrorResponse(error) && error.status < 500) {
		logger?.debug({ status: error.status, path }, 'request refused')
		return
	}
	logger?.error({ err: error, path }, 'request error')
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
					// The whole page is collected and answered as one string: the router handler
					// compresses or caches it whole anyway, and a Node-to-web stream bridge per page
					// cost more than the copy.
					const chunks: Buffer[] = []
					pipe(
						new Writable({
							write(chunk: Buffer, _encoding, callback) {
								chunks.push(chunk)
								callback()
							},
							final(callback) {
								clearTimeout(timeoutId)
								timeoutId = undefined
								responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
								const html = lowPriorityModules(Buffer.concat(chunks).toString('utf8'))
								resolve(
									new Response(html, { headers: responseHeaders, status: responseStatusCode }),
								)
								callback()
							},
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

/**
 * The page is fully rendered on the server and works before any script runs, so its module
 * preloads are fetched at low priority: the stylesheet and the images in view get the connection
 * first, and the scripts follow (they still start at once, from the head). React Router's
 * <Scripts> offers no way to set this on the links it renders (docs/decisions/0017).
 */
export function lowPriorityModules(html: string) {
	return html.replaceAll(
		'<link rel="modulepreload" ',
		'<link rel="modulepreload" fetchpriority="low" ',
	)
}
