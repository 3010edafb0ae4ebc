import fs from 'node:fs'
import type { RouteConfigEntry } from '@react-router/dev/routes'
import { describe, expect, it } from 'vitest'
import routes from '~/routes'
import { changedFields, flatFields } from './audit'
import {
	ADMIN_ROUTES,
	actionPermission,
	can,
	isOwnerOnly,
	loaderPermission,
	PERMISSIONS,
	type RouteAccess,
	sectionsFor,
} from './staff-access'
import { REFUND_LIMIT_DEFAULT_PENCE, refundLimitMessage } from './staff-forms'

/** Every route in app/routes.ts with its full path (no leading slash), nested ones included. */
const flatten = (entries: RouteConfigEntry[], parent = ''): { path: string; file: string }[] =>
	entries.flatMap((entry) => {
		const path = [parent, entry.path ?? ''].filter(Boolean).join('/')
		return [{ path, file: entry.file }, ...flatten(entry.children ?? [], path)]
	})

const adminRoutes = flatten(routes as RouteConfigEntry[]).filter(
	(r) =>
		r.path.startsWith('admin') ||
		['api/createPaymentLink', 'api/deactivatePaymentLink'].includes(r.path),
)

/** A route module and the `.server.ts` beside it, where its long action lives. */
const sourceOf = (file: string) => {
	const own = fs.readFileSync(`app/${file}`, 'utf8')
	const beside = `app/${file.replace(/\.tsx?$/, '.server.ts')}`
	return own + (fs.existsSync(beside) ? fs.readFileSync(beside, 'utf8') : '')
}

describe('the permission table (issue 60 item 1)', () => {
	it('has an entry for every admin route and callable in app/routes.ts', () => {
		const missing = adminRoutes.filter((r) => !Object.hasOwn(ADMIN_ROUTES, r.path))
		expect(missing.map((r) => r.path)).toEqual([])
	})

	it("makes every admin route's loader and action check its own entry", () => {
		for (const route of adminRoutes) {
			const source = sourceOf(route.file)
			const quoted = `'${route.path}'`
			const calls = (guard: string) =>
				new RegExp(`${guard}\\(\\s*request,\\s*context,\\s*${quoted}`).test(source)
			if (
				/export (async function|const|function) loader\b/.test(source) &&
				route.path.startsWith('admin')
			)
				expect(calls('requireAccess'), `${route.file} loader`).toBe(true)
			if (/export (async function|const|function) action\b/.test(source)) {
				const guarded = calls('requireAction') || calls('readAdminCall')
				expect(guarded, `${route.file} action`).toBe(true)
			}
		}
	})

	it('gives staff orders, requests, enquiries, products, portfolio and projects, and nothing of the owner’s', () => {
		for (const permission of [
			'orders.read',
			'orders.edit',
			'orders.refund',
			'requests.handle',
			'enquiries.handle',
			'products.edit',
			'portfolio.edit',
			'projects.edit',
		] as const)
			expect(can('staff', permission), permission).toBe(true)
		for (const permission of [
			'business.settings',
			'delivery.settings',
			'staff.manage',
			'orders.export',
			'money.export',
			'insights.export',
			'audit.read',
		] as const)
			expect(can('staff', permission), permission).toBe(false)
	})

	it('lets the bookkeeper read orders, pond builds, documents, insights and money, and change nothing', () => {
		for (const permission of [
			'orders.read',
			'projects.read',
			'documents.download',
			'insights.read',
			'money.read',
			'audit.read',
		] as const)
			expect(can('bookkeeper', permission), permission).toBe(true)
		for (const route of Object.keys(ADMIN_ROUTES) as (keyof typeof ADMIN_ROUTES)[]) {
			const access: RouteAccess = ADMIN_ROUTES[route]
			if (!access.action) continue
			const intents =
				typeof access.action === 'string' ? [undefined] : Object.keys(access.action.intents)
			for (const intent of intents) {
				const permission = actionPermission(route, intent)
				// Their own devices and second factor are theirs to change, not the shop's data.
				if (permission === 'account.own') continue
				expect(can('bookkeeper', permission), `${route} ${intent}`).toBe(false)
			}
		}
		expect(can('bookkeeper', loaderPermission('admin/settings'))).toBe(false)
	})

	it('gives the owner everything, and customers and unknown roles nothing', () => {
		for (const permission of Object.keys(PERMISSIONS) as (keyof typeof PERMISSIONS)[]) {
			expect(can('owner', permission)).toBe(true)
			expect(can('user', permission)).toBe(false)
			expect(can('admin', permission)).toBe(false)
			expect(can(undefined, permission)).toBe(false)
		}
	})

	it('treats an intent missing from the table as owner-only (fails closed)', () => {
		expect(actionPermission('admin/orders/:orderId', 'refund')).toBe('orders.refund')
		expect(actionPermission('admin/orders/:orderId', 'made-up')).toBe('staff.manage')
		expect(actionPermission('admin/orders/:orderId', 'constructor')).toBe('staff.manage')
		expect(actionPermission('admin/orders/:orderId', null)).toBe('staff.manage')
		expect(isOwnerOnly(actionPermission('admin/orders/:orderId', 'made-up'))).toBe(true)
		expect(actionPermission('admin/requests/:requestId', 'refund')).toBe('orders.refund')
	})

	it('shows each role only the sections it may use', () => {
		const labels = (role: string) => sectionsFor(role).map((s) => s.label)
		expect(labels('owner')).toContain('Staff')
		expect(labels('staff')).toEqual([
			'Orders',
			'Requests',
			'Pond builds',
			'Enquiries',
			'Products',
			'Catalogue',
			'Portfolio',
			'Testimonials',
			'Your account',
		])
		expect(labels('bookkeeper')).toEqual([
			'Orders',
			'Pond builds',
			'Insights',
			'Money',
			'Audit log',
			'Your account',
		])
		expect(labels('user')).toEqual([])
	})
})

describe('refund limit and audit helpers', () => {
	it('names the limit in the refusal', () => {
		expect(refundLimitMessage(REFUND_LIMIT_DEFAULT_PENCE)).toBe(
			'Refunds over £250.00 need the owner.',
		)
	})

	it('records only the fields that changed, before → after', () => {
		expect(
			changedFields(
				{ price: '£10.00', name: 'Pump', stock: 3 },
				{ price: '£12.00', name: 'Pump', stock: 3 },
			),
		).toEqual([{ field: 'price', from: '£10.00', to: '£12.00' }])
		expect(
			changedFields(
				flatFields({ address: ['1 Pond Lane'] }),
				flatFields({ address: ['2 Pond Lane'] }),
			),
		).toEqual([{ field: 'address', from: '["1 Pond Lane"]', to: '["2 Pond Lane"]' }])
	})
})
