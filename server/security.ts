import crypto from 'node:crypto'
import type { NextFunction, Request, Response } from 'express'
import { isHttpsSite } from '../app/.server/env'
import { isPersonalPage } from '../app/lib/personal-pages'

/** A fresh nonce per response; React Router's <Scripts> and our JSON-LD carry it. */
export function cspNonce(_req: Request, res: Response, next: NextFunction) {
	res.locals.cspNonce = crypto.randomBytes(16).toString('base64')
	next()
}

export function contentSecurityPolicy(nonce: string, { dev = false } = {}) {
	const directives = [
		"default-src 'self'",
		// 'strict-dynamic' lets the nonced entry script load the route chunks it imports.
		`script-src 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ''}`,
		// React renders style attributes (image dimensions, overlay opacity); no script is allowed inline.
		"style-src 'self' 'unsafe-inline'",
		"img-src 'self' data: blob:",
		"font-src 'self'",
		`connect-src 'self'${dev ? ' ws:' : ''}`,
		"form-action 'self'",
		"frame-ancestors 'none'",
		"base-uri 'self'",
		"object-src 'none'",
	]
	return directives.join('; ')
}

export function securityHeaders({ dev = false, siteUrl = '' } = {}) {
	const httpsSite = isHttpsSite(siteUrl)
	return (req: Request, res: Response, next: NextFunction) => {
		res.setHeader('Content-Security-Policy', contentSecurityPolicy(res.locals.cspNonce, { dev }))
		res.setHeader('X-Content-Type-Options', 'nosniff')
		// An order page's address may carry its private link key: no other site ever sees it.
		res.setHeader(
			'Referrer-Policy',
			isOrderPage(req.path) ? 'no-referrer' : 'strict-origin-when-cross-origin',
		)
		res.setHeader('X-Frame-Options', 'DENY')
		res.setHeader('Cross-Origin-Opener-Policy', 'same-origin')
		res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()')
		if (httpsSite || req.secure) {
			res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
		}
		next()
	}
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * CSRF defence in depth beside SameSite=Lax cookies: a state-changing request from a browser
 * must come from one of the site's origins (SITE_URL's; with it unset, the loopback names of the
 * port: env.ts `siteOrigins`). A refusal is a 403 that says where the shop is (issue 57 item 11):
 * a page naming the address to use, or for a script's request a JSON error it can show (the cart
 * estimate showed `Unexpected token 'C'` from a plain-text answer).
 */
export function sameOriginWrites(origins: string[], siteUrl: string) {
	const allowed = new Set(origins)
	return (req: Request, res: Response, next: NextFunction) => {
		if (SAFE_METHODS.has(req.method)) return next()
		const fetchSite = req.get('sec-fetch-site')
		// A form posted from a page sent with `Referrer-Policy: no-referrer` (the private order
		// pages) carries `Origin: null` by the Fetch standard, however same-site it is; the browser's
		// own Sec-Fetch-Site, which no page can set, says where it came from. React Router refuses a
		// 'null' origin as another site's, so it is dropped once judged.
		if (req.get('origin') === 'null' && fetchSite === 'same-origin') delete req.headers.origin
		const origin = req.get('origin')
		// The router builds request URLs on the same origins (router-handler.ts), and React Router
		// refuses an action whose Origin differs from that URL.
		const originOk = !origin || allowed.has(origin)
		if (originOk && fetchSite !== 'cross-site') return next()
		const message = `This form was sent from another address than the shop's. Please open the shop at ${siteUrl} and try again.`
		res.status(403)
		if (wantsJson(req)) {
			res.json({ error: { status: 'PERMISSION_DENIED', message } })
			return
		}
		res.type('html').send(refusalPage(siteUrl))
	}
}

/** A script's request (fetch with JSON, React Router's `.data`, the JSON API) gets JSON back. */
const wantsJson = (req: Request) =>
	/\.data$/.test(req.path) ||
	req.path.startsWith('/api/') ||
	/json/i.test(req.get('content-type') ?? '') ||
	/json/i.test(req.get('accept') ?? '')

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** The refusal as a page: no script, no styles from elsewhere, the address to use as a link. */
function refusalPage(siteUrl: string) {
	const site = escapeHtml(siteUrl)
	return `<!DOCTYPE html>
<html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Please use the shop's own address</title><meta name="robots" content="noindex"></head>
<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;line-height:1.5">
<h1>Please use the shop's own address</h1>
<p>This form was sent from another address than the shop's, so it was not accepted. Nothing has changed.</p>
<p>Please open the shop at <a href="${site}/">${site}</a> and try again.</p>
</body></html>
`
}

/**
 * Pages that show or take personal data (account, checkout, order confirmation, payment, all of
 * admin, and their `.data` requests): never stored by a browser or shared cache, never in the
 * page cache.
 * A rule by path, so a new admin route is covered without remembering a header.
 */

/** The customer's order pages (issue 30), whose address may carry a private link key. */
export const isOrderPage = (pathname: string) =>
	/^\/account\/(?:orders|projects)(?:[./]|$)/i.test(pathname)

// The rule lives in app/lib: the header's Login link needs it too.
export { isPersonalPage }

/**
 * Pages that are the same for everyone: the shop window. Their GET and HEAD requests (and `.data`
 * requests) are rendered without the visitor's cookies, so nothing personal can reach their HTML,
 * and they come from the page cache for signed-in customers as well as visitors. The header's
 * personal links come from the session hint instead (docs/decisions/0014-public-pages-for-everyone.md).
 */
const SHARED_PAGES =
	/^\/(?:|_root\.data|(?:about|services|portfolio|pond-products|contact|plan-a-pond|cart|privacy-policy|terms-and-conditions)(?:[./].*)?)$/

export function isSharedPage(pathname: string) {
	return SHARED_PAGES.test(pathname) && !isPersonalPage(pathname)
}

/**
 * The request's own origin when it is one of the site's (http://127.0.0.1:3000 beside
 * localhost): its actions then pass React Router's origin check (issue 57 item 11). Anything
 * else, a forged or odd Host included, is built on SITE_URL.
 */
export function ownOrigin(req: Request, origins: string[]) {
	if (origins.length < 2) return undefined
	const origin = `http://${req.headers.host ?? ''}`
	return origins.includes(origin) ? origin : undefined
}
