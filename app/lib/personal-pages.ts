/**
 * Pages that belong to one person (their account, checkout, orders, pay links, the admin): never
 * cached for anyone else (server/security.ts), and never named in another link's address, since
 * their address may carry a private key or token (the header's Login, nav-links.ts).
 */
const PERSONAL_PAGES =
	/^\/(?:auth|account|checkout|checkout-auth|order-confirmation|admin|pay)(?:[./]|$)/i

export function isPersonalPage(pathname: string) {
	return PERSONAL_PAGES.test(pathname)
}
