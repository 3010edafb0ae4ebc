import type { PgTable } from 'drizzle-orm/pg-core'
import type * as schema from './schema'

/**
 * Who writes each table (issue 58 item 1): the files under app/.server that alone may insert,
 * update or delete its rows; everything else calls their named functions. One owner per table;
 * where an area truly needs a second writer, the comment beside it says why.
 * tests/integration/table-owners.test.ts scans the source for writes (`insert(t)`, `update(t)`,
 * `delete(t)`, raw `insert into`/`update`/`delete from`) and fails on any outside these files, and
 * on a schema table missing here. Not checked: whole-database copies in db/tables.ts (backups,
 * restores, the move), which name tables at run time, and better-auth's own writes through its
 * adapter (configured in auth/auth.ts).
 */
type TableName = {
	[K in keyof typeof schema]: (typeof schema)[K] extends PgTable ? K : never
}[keyof typeof schema]

export const TABLE_OWNERS = {
	// analytics
	pageViews: [
		'analytics/recorder.ts',
		// Raw views go once their days are rolled up: retention belongs with the roll-up.
		'analytics/rollup.ts',
	],
	visitEvents: ['analytics/recorder.ts', 'analytics/rollup.ts'], // as page views
	visitSalts: ['analytics/salt.ts'],
	visitDaily: ['analytics/rollup.ts'],
	visitMonthly: ['analytics/rollup.ts'],
	visitorCaps: ['analytics/visit-caps.ts'],
	addressCaps: ['analytics/visit-caps.ts'],
	// auth: better-auth writes these through its adapter (auth/auth.ts); our own writes beside it.
	user: [
		'auth/profile.ts',
		// The one command that grants the admin role.
		'auth/admin-bootstrap.ts',
		// Roles granted by invitations, changed and taken away at /admin/staff (issue 60).
		'auth/staff.ts',
		// The owner's reset of a staff member's second factor clears the flag better-auth sets.
		'auth/second-factor-store.ts',
	],
	staffInvitations: ['auth/staff.ts'],
	staffSettings: ['auth/staff-settings.ts'],
	// audit (issue 60): written only through recordAudit, deleted only by the retention job.
	auditLog: ['audit/audit-log.ts'],
	session: ['auth/session-activity.ts'],
	account: ['auth/auth.ts'],
	verification: ['auth/auth.ts'],
	loginAttempts: ['auth/attempt-limiter.ts'],
	// better-auth's twoFactor and passkey plugins write these too (auth.ts); ours beside them.
	twoFactor: ['auth/second-factor-store.ts'],
	passkey: ['auth/second-factor-store.ts'],
	// books (issue 61)
	booksSettings: ['books/settings.ts'],
	vatPeriods: ['books/closed-periods.ts'],
	// builds (issue 59): projects and their timeline through the lifecycle, as orders
	buildProjects: ['builds/project-lifecycle.ts'],
	buildEvents: ['builds/project-lifecycle.ts'],
	buildPhotos: ['builds/project-photos.ts'],
	surveyBookings: ['builds/survey-bookings.ts'],
	buildLinks: ['builds/project-links.ts'],
	buildSettings: ['builds/settings.ts'],
	buildQuotes: ['builds/quotes.ts'],
	buildQuoteLines: ['builds/quotes.ts'],
	buildQuoteTemplates: ['builds/quote-templates.ts'],
	buildStages: ['builds/stages.ts'],
	buildCancellations: ['builds/cancellations.ts'],
	// business, catalogue, documents, enquiries, jobs
	businessSettings: ['business/details.ts'],
	products: ['catalog/import.ts'],
	catalogState: ['catalog/import.ts'],
	catalogVersions: ['catalog/import.ts'],
	catalogChanges: ['catalog/import.ts'],
	catalogUploads: ['catalog/uploads.ts'],
	categories: ['catalog/categories.ts'],
	categoryRedirects: ['catalog/categories.ts'],
	documentCounters: ['documents/issue.ts'],
	orderDocuments: ['documents/issue.ts'],
	enquiries: ['enquiries/enquiries.ts'],
	jobs: ['jobs/queue.ts'],
	// orders and their money
	orders: [
		'orders/lifecycle/lifecycle.ts',
		// Placement's group commit: new orders in one statement with their first events and emails
		// (decision 0012, the events through lifecycle.ts); every later change goes through lifecycle.ts.
		'orders/placement/insert-order.ts',
	],
	orderEvents: ['orders/lifecycle/lifecycle.ts'],
	orderLinks: ['email/order-link.ts'],
	paymentLinks: ['payments/links.ts'],
	checkoutSessions: ['payments/stripe-sessions.ts'],
	paymentEvents: ['orders/payments/record-payment.ts'],
	refunds: ['orders/payments/refund.ts'],
	orderRequests: ['orders/after-sale/request-records.ts'],
	requestPhotos: ['orders/after-sale/request-records.ts'],
	deliverySettings: ['delivery/settings.ts'],
	emailOutbox: ['email/outbox.ts'],
	// photos and portfolio
	photos: ['photos/store.ts'],
	photoChunks: ['photos/store.ts'],
	portfolioProjects: ['portfolio/project-admin.ts'],
	testimonials: ['portfolio/testimonials.ts'],
	contentSeeds: ['portfolio/seed.ts'],
} as const satisfies Record<TableName, readonly string[]>

export type OwnedTable = keyof typeof TABLE_OWNERS
