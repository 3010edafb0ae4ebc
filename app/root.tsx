import { useEffect } from 'react'
import {
	data,
	isRouteErrorResponse,
	Link,
	Links,
	Meta,
	Outlet,
	Scripts,
	ScrollRestoration,
	useLocation,
	useRouteLoaderData,
} from 'react-router'
import { currentBusinessDetails } from '~/.server/business/details'
import { useVisitBeacon } from '~/components/analytics/use-visit-beacon'
import { CartProvider, useCartCount } from '~/components/cart/cart-provider'
import { CartToast } from '~/components/cart/cart-toast'
import { type BreadcrumbHandle, Breadcrumbs } from '~/components/layout/breadcrumbs'
import { ErrorPage } from '~/components/layout/error-page'
import { useSessionHint } from '~/components/layout/session-hint'
import { SiteFooter } from '~/components/layout/site-footer'
import { SiteHeader } from '~/components/layout/site-header'
import { useFocusOnNavigation } from '~/components/layout/use-focus-on-navigation'
import { useNonce } from '~/components/nonce'
import { phoneHref } from '~/lib/business'
import { BRAND } from '~/lib/business-brand'
import {
	ORDER_NOT_FOUND,
	orderIdInPath,
	orderLinkRequestPath,
	orderSignInPath,
} from '~/lib/order-link-paths'
import { SESSION_HINT_SCRIPT } from '~/lib/session-hint'
import type { Route } from './+types/root'
// A stylesheet with a precedence is hoisted by React ahead of the module preloads, so the browser
// fetches the render-blocking CSS first (Lighthouse FCP on a slow phone).
import appCss from './app.css?url'

export const handle: BreadcrumbHandle = {
	breadcrumb: () => ({ label: 'Home', to: '/' }),
}

/** The same for everyone: nothing personal may be in a shared page's HTML (server/security.ts). */
export async function loader({ context }: Route.LoaderArgs) {
	return data({
		// The owner's business details (/admin/settings) for the header, footer and pages.
		business: await currentBusinessDetails(context.db).then((b) => ({
			...b,
			phoneHref: phoneHref(b.phone),
		})),
		// The footer's shop links: the owner's categories (a failed read leaves them out).
		categories: await context.catalog
			.shownCategories()
			.then((list) => list.map(({ slug, name }) => ({ slug, name })))
			.catch(() => []),
		siteUrl: context.env.SITE_URL,
		year: new Date().getFullYear(),
		// The same for every visitor: which payment provider this shop runs on.
		testPayments: context.payments.name === 'test',
	})
}

// Nothing in it changes while the app is open: client navigations never ask for it again.
export const shouldRevalidate = () => false

export function Layout({ children }: { children: React.ReactNode }) {
	const nonce = useNonce()
	const root = useRouteLoaderData<typeof loader>('root')
	// The owner's details (/admin/settings); none when the root loader failed (an error page).
	const business = root?.business
	const { pathname } = useLocation()
	useScrollToHash()
	useFocusOnNavigation()
	useSessionHint()
	useVisitBeacon()
	// Lets browser tests (and CSS) know the page is interactive.
	useEffect(() => {
		document.documentElement.dataset.hydrated = 'true'
	}, [])
	return (
		// The hint script sets data-session on <html> before React hydrates.
		<html lang="en-GB" suppressHydrationWarning>
			<head>
				<meta charSet="utf-8" />
				<script
					nonce={nonce}
					suppressHydrationWarning
					// Only the server's HTML needs it (it runs before hydration): not in the bundle.
					dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? SESSION_HINT_SCRIPT : '' }}
				/>
				<meta name="viewport" content="width=device-width, initial-scale=1" />
				<meta name="theme-color" content="#12384d" />
				<link rel="stylesheet" href={appCss} precedence="default" />
				<link rel="icon" href="/favicon.svg" type="image/svg+xml" />
				<Meta />
				<Links />
			</head>
			<body className="flex min-h-dvh flex-col">
				<CartProvider>
					<Header name={business?.tradingName ?? BRAND.name} />
					<Breadcrumbs />
					<main id="main" className="flex-1">
						{children}
					</main>
					<SiteFooter
						business={business}
						categories={root?.categories ?? []}
						year={root?.year ?? new Date().getFullYear()}
						showCredit={pathname === '/'}
					/>
					<CartToast />
				</CartProvider>
				<ScrollRestoration nonce={nonce} />
				<Scripts nonce={nonce} />
			</body>
		</html>
	)
}

function Header({ name }: { name: string }) {
	return <SiteHeader name={name} cartCount={useCartCount()} />
}

export default function App() {
	return <Outlet />
}

/** Smooth-scrolls to the element named by the URL hash 100 ms after navigation (spec). */
function useScrollToHash() {
	const { hash, key } = useLocation()
	// biome-ignore lint/correctness/useExhaustiveDependencies: re-run on every navigation (key)
	useEffect(() => {
		if (!hash) return
		const timer = setTimeout(() => {
			const target = document.getElementById(decodeURIComponent(hash.slice(1)))
			const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches
			target?.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' })
		}, 100)
		return () => clearTimeout(timer)
	}, [hash, key])
}

export function meta() {
	return [{ title: 'Highland Koi & Ponds' }]
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
	const notFound = isRouteErrorResponse(error) && error.status === 404
	const { pathname } = useLocation()
	if (!(notFound && error.data === ORDER_NOT_FOUND)) return <ErrorPage notFound={notFound} />
	// An order page that is not found (missing, someone else's, a wrong or expired link): most
	// often an old or clipped link from an email, so it says so and offers a fresh one. Its words
	// depend only on the address, so they never tell whether the order exists.
	return (
		<ErrorPage
			notFound
			title="This order link has expired or is not right"
			message="Links to an order work for 90 days, and only as the whole address from our email. We can email you a new link: it goes only to the email address given with the order."
		>
			<p className="mt-10 flex flex-wrap justify-center gap-3">
				<Link to={orderLinkRequestPath(orderIdInPath(pathname))} className="btn-primary">
					Email me a new link
				</Link>
				{/* An account holder sees their orders signed in; hidden once the session hint says so. */}
				<Link
					to={orderSignInPath(orderIdInPath(pathname))}
					className="btn-secondary"
					data-session-show="signed-out"
				>
					Sign in to see your order
				</Link>
			</p>
		</ErrorPage>
	)
}
