import type { OrderIntent } from './admin-order-schemas'

/**
 * Who may do what in the back office (issue 60 item 1): the one table the server's guards
 * (`requireAccess`, `requireAction` in app/.server/auth/guards.ts) and the admin navigation read.
 * A route missing here cannot be guarded (its path is a type error), and
 * `staff-access.test.ts` fails when an admin route in app/routes.ts has no entry.
 */
export const STAFF_ROLES = ['owner', 'staff', 'bookkeeper'] as const
export type StaffRole = (typeof STAFF_ROLES)[number]

export const ROLE_LABELS: Record<StaffRole, string> = {
	owner: 'Owner',
	staff: 'Staff',
	bookkeeper: 'Bookkeeper',
}

export const ROLE_SUMMARIES: Record<StaffRole, string> = {
	owner: 'Everything, including staff, settings and data exports.',
	staff: 'Orders, requests, enquiries, products and portfolio; refunds up to the limit below.',
	bookkeeper:
		'Reads orders, pond builds, invoices, insights and the money report; downloads documents.',
}

export function isStaffRole(role: string | null | undefined): role is StaffRole {
	return (STAFF_ROLES as readonly string[]).includes(role ?? '')
}

const ALL: readonly StaffRole[] = ['owner', 'staff', 'bookkeeper']
const TEAM: readonly StaffRole[] = ['owner', 'staff']
const BOOKS: readonly StaffRole[] = ['owner', 'bookkeeper']
const OWNER: readonly StaffRole[] = ['owner']

/** Each permission and the roles that hold it. */
export const PERMISSIONS = {
	'orders.read': ALL,
	'orders.edit': TEAM,
	/** Staff up to the owner's refund limit (refund-steps.ts checks the amount). */
	'orders.refund': TEAM,
	'orders.export': OWNER,
	'documents.download': ALL,
	'requests.handle': TEAM,
	'enquiries.handle': TEAM,
	'products.edit': TEAM,
	'portfolio.edit': TEAM,
	/** Pond builds read, as orders are: the bookkeeper follows their stage payments and invoices. */
	'projects.read': ALL,
	'projects.edit': TEAM,
	'photos.upload': TEAM,
	'insights.read': BOOKS,
	'insights.export': BOOKS,
	'money.read': BOOKS,
	'money.export': BOOKS,
	'money.manage': OWNER,
	'delivery.settings': OWNER,
	'business.settings': OWNER,
	'jobs.manage': OWNER,
	'staff.manage': OWNER,
	'audit.read': BOOKS,
	'audit.export': BOOKS,
	/** A person's own sign-in: their devices and second factor (/admin/account). */
	'account.own': ALL,
} as const satisfies Record<string, readonly StaffRole[]>

export type Permission = keyof typeof PERMISSIONS

export function can(role: string | null | undefined, permission: Permission) {
	return isStaffRole(role) && (PERMISSIONS[permission] as readonly StaffRole[]).includes(role)
}

/** An action whose intents need different permissions; an intent not listed is owner-only. */
type ByIntent = { intents: Record<string, Permission> }
export type RouteAccess = { loader?: Permission; action?: Permission | ByIntent }

const ORDER_INTENTS: Record<OrderIntent, Permission> = {
	'set-delivery-cost': 'orders.edit',
	cancel: 'orders.edit',
	uncancel: 'orders.edit',
	'mark-paid': 'orders.edit',
	'mark-shipped': 'orders.edit',
	'mark-delivered': 'orders.edit',
	'check-payment': 'orders.edit',
	'resolve-payment-alert': 'orders.edit',
	'add-note': 'orders.edit',
	refund: 'orders.refund',
}

export const REQUEST_INTENTS = {
	update: 'requests.handle',
	'goods-received': 'requests.handle',
	refund: 'orders.refund',
} as const satisfies Record<string, Permission>

/**
 * Every admin route (its path in app/routes.ts) and the JSON callables: the permission its loader
 * needs and the one its action needs (by intent where they differ).
 */
export const ADMIN_ROUTES = {
	admin: { loader: 'orders.read' },
	'admin/orders/:orderId': { loader: 'orders.read', action: { intents: ORDER_INTENTS } },
	'admin/orders.csv': { loader: 'orders.export' },
	'admin/orders/:orderId/documents/:number': { loader: 'documents.download' },
	'admin/delivery': { loader: 'delivery.settings', action: 'delivery.settings' },
	'admin/requests': { loader: 'requests.handle' },
	'admin/requests/:requestId': {
		loader: 'requests.handle',
		action: { intents: REQUEST_INTENTS },
	},
	'admin/requests/:requestId/photos/:photoId': { loader: 'requests.handle' },
	'admin/enquiries': { loader: 'enquiries.handle' },
	'admin/enquiries/:enquiryId': { loader: 'enquiries.handle', action: 'enquiries.handle' },
	'admin/catalogue': { loader: 'products.edit', action: 'products.edit' },
	'admin/catalogue.csv': { loader: 'products.edit' },
	'admin/products': { loader: 'products.edit', action: 'products.edit' },
	'admin/products/:productId': { loader: 'products.edit', action: 'products.edit' },
	'admin/portfolio': { loader: 'portfolio.edit', action: 'portfolio.edit' },
	'admin/portfolio/:projectId': { loader: 'portfolio.edit', action: 'portfolio.edit' },
	'admin/products/categories': { loader: 'products.edit', action: 'products.edit' },
	'admin/projects': { loader: 'projects.read' },
	/** Service area and survey times: the business's settings, as delivery rates are. */
	'admin/projects/settings': { loader: 'business.settings', action: 'business.settings' },
	'admin/projects/:buildId': { loader: 'projects.read', action: 'projects.edit' },
	'admin/projects/:buildId/photos/:photoId': { loader: 'projects.read' },
	/** Build quotes (issue 59 item 7): the builder, and the templates it saves. */
	'admin/projects/:buildId/quotes/:quoteId': { loader: 'projects.read', action: 'projects.edit' },
	'admin/projects/quote-templates': { loader: 'projects.edit', action: 'projects.edit' },
	/** A build's invoices, credit notes and final account, as an order's documents. */
	'admin/projects/:buildId/documents/:number': { loader: 'documents.download' },
	'admin/testimonials': { loader: 'portfolio.edit', action: 'portfolio.edit' },
	'admin/photos': { loader: 'photos.upload', action: 'photos.upload' },
	'admin/jobs': { loader: 'jobs.manage', action: 'jobs.manage' },
	'admin/settings': { loader: 'business.settings', action: 'business.settings' },
	'admin/insights': { loader: 'insights.read' },
	'admin/insights.csv': { loader: 'insights.export' },
	'admin/money': { loader: 'money.read', action: 'money.manage' },
	'admin/money/export.csv': { loader: 'money.export' },
	'admin/money/documents.zip': { loader: 'money.export' },
	'admin/money/payouts': { loader: 'money.read' },
	'admin/staff': { loader: 'staff.manage', action: 'staff.manage' },
	'admin/staff/:userId/second-factor': { loader: 'staff.manage', action: 'staff.manage' },
	'admin/account': {
		loader: 'account.own',
		action: {
			intents: {
				'end-session': 'account.own',
				'end-others': 'account.own',
				'staff-rule': 'staff.manage',
			},
		},
	},
	'admin/audit': { loader: 'audit.read' },
	'admin/audit.csv': { loader: 'audit.export' },
	'api/createPaymentLink': { action: 'orders.edit' },
	'api/deactivatePaymentLink': { action: 'orders.edit' },
} as const satisfies Record<string, RouteAccess>

export type AdminRoute = keyof typeof ADMIN_ROUTES

/** The permission a route's loader needs; a route without a loader entry is owner-only. */
export function loaderPermission(route: AdminRoute): Permission {
	const access: RouteAccess = ADMIN_ROUTES[route]
	return access.loader ?? 'staff.manage'
}

/** The permission an action (and its intent) needs: unlisted intents are owner-only (fail closed). */
export function actionPermission(route: AdminRoute, intent?: string | null): Permission {
	const access: RouteAccess = ADMIN_ROUTES[route]
	const action = access.action
	if (!action) return 'staff.manage'
	if (typeof action === 'string') return action
	return (
		(intent && Object.hasOwn(action.intents, intent) && action.intents[intent]) || 'staff.manage'
	)
}

/** Whether a permission is the owner's alone (a refusal of one is written to the audit log). */
export function isOwnerOnly(permission: Permission) {
	return PERMISSIONS[permission].length === 1
}

/** The back office's sections in the order the navigation shows them, each with what it needs. */
export const ADMIN_SECTIONS = [
	{ to: '/admin', label: 'Orders', end: true, needs: 'orders.read' },
	{ to: '/admin/requests', label: 'Requests', end: false, needs: 'requests.handle' },
	{ to: '/admin/projects', label: 'Pond builds', end: false, needs: 'projects.read' },
	{ to: '/admin/insights', label: 'Insights', end: false, needs: 'insights.read' },
	{ to: '/admin/money', label: 'Money', end: false, needs: 'money.read' },
	{ to: '/admin/enquiries', label: 'Enquiries', end: false, needs: 'enquiries.handle' },
	{ to: '/admin/delivery', label: 'Delivery rates', end: false, needs: 'delivery.settings' },
	{ to: '/admin/products', label: 'Products', end: false, needs: 'products.edit' },
	{ to: '/admin/catalogue', label: 'Catalogue', end: false, needs: 'products.edit' },
	{ to: '/admin/portfolio', label: 'Portfolio', end: false, needs: 'portfolio.edit' },
	{ to: '/admin/testimonials', label: 'Testimonials', end: false, needs: 'portfolio.edit' },
	{ to: '/admin/settings', label: 'Business details', end: false, needs: 'business.settings' },
	{ to: '/admin/staff', label: 'Staff', end: false, needs: 'staff.manage' },
	{ to: '/admin/audit', label: 'Audit log', end: false, needs: 'audit.read' },
	{ to: '/admin/jobs', label: 'Background work', end: false, needs: 'jobs.manage' },
	{ to: '/admin/account', label: 'Your account', end: false, needs: 'account.own' },
] as const satisfies readonly { to: string; label: string; end: boolean; needs: Permission }[]

export function sectionsFor(role: string | null | undefined) {
	return ADMIN_SECTIONS.filter((section) => can(role, section.needs))
}
