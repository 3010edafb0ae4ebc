import crypto from 'node:crypto'
import type { NextFunction, Request, Response } from 'express'
import { isHttpsSite } from '../app/.server/env'

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
 * must come from our own origin.
 */
export function sameOriginWrites(siteUrl: string) {
	const allowed = new URL(siteUrl).origin
	return (req: Request, res: Response, next: NextFunction) => {
		if (SAFE_METHODS.has(req.method)) return next()
		const origin = req.get('origin')
		const fetchSite = req.get('sec-fetch-site')
		// SITE_URL's origin only: the router builds request URLs on it (router-handler.ts), and
		// React Router refuses an action whose Origin differs from that URL.
		const originOk = !origin || origin === allowed
		if (!originOk || fetchSite === 'cross-site') {
			res.status(403).type('text/plain').send('Cross-site request refused.')
			return
		}
		next()
	}
}

/**
 * Pages that show or take personal data (account, checkout, order confirmation, payment, all of
 * admin, and their `.data` requests): never stored by a browser or shared cache, never in the
 * page cache.
 * A rule by path, so a new admin route is covered without remembering a header.
 */
const PERSONAL_PAGES =
	/^\/(?:auth|account|checkout|checkout-auth|order-confirmation|admin|pay)(?:[./]|$)/i

/** The customer's order pages (issue 30), whose address may carry a private link key. */
export const isOrderPage = (pathname: string) => /^\/account\/orders(?:[./]|$)/i.test(pathname)

export function isPersonalPage(pathname: string) {
	return PERSONAL_PAGES.test(pathname)
}

/**
 * Pages that are the same for everyone: the shop window. Their GET and HEAD requests (and `.data`
 * requests) are rendered without the visitor's cookies, so nothing personal can reach their HTML,
 * and they come from the page cache for signed-in customers as well as visitors. The header's
 * personal links come from the session hint instead (docs/decisions/0014-public-pages-for-everyone.md).
 */
const SHARED_PAGES =
	/^\/(?:|_root\.data|(?:about|services|portfolio|pond-products|contact|cart|privacy-policy|terms-and-conditions)(?:[./].*)?)$/

export function isSharedPage(pathname: string) {
	return SHARED_PAGES.test(pathname) && !isPersonalPage(pathname)
}
