import type { Page, TestInfo } from '@playwright/test'
import { allRoutes } from '../support/routes'
import { expect, test } from './admin-session'
import {
	orderLink,
	ordersInEveryState,
	paymentToken,
	quoteBuild,
	returnRequest,
	sendBuildEnquiry,
	sendEnquiry,
	stagedCatalogue,
} from './shop-states'
import { expectFitsPhone, expectNoSidewaysScroll, visit } from './support'

/**
 * Every page at both widths (issue 56 item 4): each page route in app/routes.ts (a component,
 * .tsx; resource routes answer files and redirects) is opened once in each project (the desktop
 * and the 360 px phone), with real ids from data made here, and must load without a redirect,
 * fit the screen and pass axe. A new page is checked from the day it lands; one with a new kind
 * of id fails here until the data below gives it one. The desktop run also narrows each admin
 * page to 360 px (a desktop browser's file inputs are wider than the phone's), so the admin pages
 * run in the desktop project only: the phone project would repeat that check, less strictly, at
 * a minute of CI time. Four tests, so the two workers share them: which pages each takes is by
 * their address.
 */
const PAGES = allRoutes()
	.filter((route) => route.file.endsWith('.tsx'))
	.map((route) => route.path)
/** A customer's pages: their checkout, orders, order links and pay pages. */
const CUSTOMER = /^(checkout$|order-confirmation$|account\/|pay\/)/
/** Admin pages about orders: the list, an order, requests, delivery rates, jobs, insights, money. */
const ORDERS = /^admin($|\/(orders|requests|delivery|jobs|insights|money))/
const isAdmin = (route: string) => /^admin\b/.test(route)

/** A route's address with its ids filled in. */
function address(route: string, ids: Record<string, string>) {
	if (route === '*') return '/no-such-page'
	return `/${route}`.replace(/:(\w+)/g, (_, name: string) => {
		const id = ids[name]
		if (!id)
			throw new Error(`/${route}: no ${name} to visit it with (add one to every-page.spec.ts)`)
		return id
	})
}

type Visit = { path: string; page: Page; status?: number }

async function ownUserId(page: Page) {
	await page.goto('/admin/account')
	return (await page.locator('[data-user-id]').getAttribute('data-user-id')) ?? 'x'
}

async function check(visits: Visit[], info: TestInfo) {
	for (const { path, page, status = 200 } of visits) {
		const response = await visit(page, path)
		expect(response?.status(), path).toBe(status)
		const [now, asked] = [new URL(page.url()), new URL(path, page.url())]
		expect(`${now.pathname}${now.search}`, `${path} is not sent elsewhere`).toBe(
			`${asked.pathname}${asked.search}`,
		)
		if (info.project.name === 'desktop' && path.startsWith('/admin'))
			await expectFitsPhone(page, path)
		else await expectNoSidewaysScroll(page, path)
	}
}

/** Puts the demo pump in the cart through its page, as a shopper does. */
async function addToCart(page: Page) {
	await visit(page, '/pond-products/pumps/145', { a11y: false })
	await page.getByRole('button', { name: 'Add to Cart' }).click()
	await expect(page.getByTestId('cart-count')).toHaveText(/1/)
}

test('every shop page a visitor sees loads, fits the screen and passes axe @mobile', async ({
	page,
}, info) => {
	test.setTimeout(90_000)
	const ids = {
		projectId: 'pond3',
		category: 'pumps',
		productId: '145',
		// An invitation link that is no longer valid: the page says so (issue 60).
		token: 'an-invitation-link-no-longer-valid',
	}
	await addToCart(page)
	const visits: Visit[] = PAGES.filter((r) => !isAdmin(r) && !CUSTOMER.test(r)).map((r) => ({
		path: address(r, ids),
		page,
		status: r === '*' ? 404 : 200,
	}))
	visits.push({ path: '/auth?mode=register', page }, { path: '/auth?mode=reset', page })
	await check(visits, info)
})

test("every page of a customer's orders loads, fits the screen and passes axe @mobile", async ({
	page,
	adminPage,
	browser,
	baseURL,
}, info) => {
	test.setTimeout(90_000)
	// An order request waiting (its confirmation and email link), one quoted (its pay page) and
	// one delivered (its return and problem pages).
	const { customer, needsCost, quoted, delivered } = await ordersInEveryState(
		browser,
		baseURL!,
		adminPage,
	)
	const shopper = await customer.context.newPage()
	const build = await sendBuildEnquiry(shopper, baseURL!)
	// Its quote's version 1 sent, so the quote page has something to show (issue 59).
	await quoteBuild(adminPage, baseURL!, build.id)
	const ids = {
		orderId: delivered,
		token: await paymentToken(adminPage, quoted),
		buildId: build.id,
		version: '1',
	}
	await addToCart(shopper)
	// Signed in, except where the page is for anyone with the link.
	const signedOut = /^(account\/orders\/new-link|pay\/)/
	const visits: Visit[] = PAGES.filter((r) => CUSTOMER.test(r)).map((r) => ({
		path: address(r, ids) + (r === 'order-confirmation' ? `?order=${needsCost}` : ''),
		page: signedOut.test(r) ? page : shopper,
	}))
	visits.push(
		// My Account's screens.
		{ path: '/auth', page: shopper },
		{ path: '/auth?tab=orders', page: shopper },
		// The order page from the email, signed out; and a key that is not right.
		{ path: await orderLink(customer), page },
		{ path: `/account/orders/${needsCost}?key=${'x'.repeat(43)}`, page, status: 404 },
		// A pond build's page from its private link, signed out (issue 59).
		{ path: `/account/projects/${build.id}?key=${build.key}`, page },
	)
	await check(visits, info)
	await customer.context.close()
})

test('every admin page about orders loads, fits the screen and passes axe, in each state', async ({
	adminPage,
	browser,
	baseURL,
}, info) => {
	test.setTimeout(90_000)
	const orders = await ordersInEveryState(browser, baseURL!, adminPage)
	const ids = {
		orderId: orders.quoted,
		requestId: await returnRequest(orders.customer, adminPage, baseURL!, orders.delivered),
	}
	const paths = PAGES.filter((r) => ORDERS.test(r)).map((r) => address(r, ids))
	paths.push(
		'/admin?panel=open',
		...[orders.needsCost, orders.paid, orders.delivered, orders.cancelled].map(
			(id) => `/admin/orders/${id}`,
		),
		'/admin/insights?period=12m',
	)
	await check(
		paths.map((path) => ({ path, page: adminPage })),
		info,
	)
	await orders.customer.context.close()
})

test('every other admin page loads, fits the screen and passes axe', async ({
	adminPage,
	baseURL,
}, info) => {
	test.setTimeout(90_000)
	const buildId = (await sendBuildEnquiry(adminPage, baseURL!)).id
	const ids = {
		enquiryId: await sendEnquiry(adminPage, baseURL!),
		productId: '0',
		projectId: 'pond3',
		buildId,
		// A draft in the quote builder (issue 59 item 7).
		quoteId: await quoteBuild(adminPage, baseURL!, buildId),
		// The admin's own id: the owner's second-factor reset page for oneself says where to go.
		userId: await ownUserId(adminPage),
	}
	const paths = PAGES.filter((r) => isAdmin(r) && !ORDERS.test(r)).map((r) => address(r, ids))
	paths.push(
		await stagedCatalogue(adminPage, baseURL!),
		'/admin/products/0?confirm=delete',
		'/admin/products/new',
		'/admin/products/categories?edit=1',
		'/admin/portfolio/new',
		'/admin/testimonials?edit=1',
		'/admin/projects?view=list',
	)
	await check(
		paths.map((path) => ({ path, page: adminPage })),
		info,
	)
})
