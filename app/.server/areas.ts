/**
 * The areas of `app/.server`, lowest first (issue 58; docs/architecture.md, "The layers"). A file
 * imports its own area, the areas below it, `app/lib` and `app/data`: never an area above it, an
 * area missing here, or routes, components and the server. Wiring (what runs the areas together)
 * is the top; HTTP actions live beside their routes (`app/routes/*.server.ts`), above all of them.
 * `tests/integration/structure-areas.test.ts` holds every import to this order.
 */
export const SERVER_AREAS = [
	'core', // env.ts, logger.ts, rate-window.ts and this file: the files directly in app/.server
	'db', // the schema, both drivers, backups and the move to PostgreSQL
	'http', // reading request bodies within their limits
	'audit', // the audit log: one table, written through recordAudit
	'jobs', // the job queue and the scheduler (the shop's own jobs are wiring)
	'business', // the business details the owner sets
	'documents', // invoices and credit notes as PDFs
	'email', // messages, the outbox and its worker
	'seo', // structured data for search engines
	'auth', // accounts, sessions, guards and attempt limits
	'photos', // uploaded photos: storage, variants and the photo worker
	'demo-images', // the drawn demo pictures, cached
	'catalog', // products, catalogue versions, imports and product photos
	'portfolio', // projects and testimonials
	'delivery', // the rate table and delivery estimates (priced from the catalogue)
	'payments', // the payment provider adapters and payment link records
	'orders', // placing orders, their lifecycle, payments applied to them, after-sale requests
	'books', // the money report, VAT return figures, closed periods and the accountant's exports
	'builds', // pond builds: projects, site surveys and their bookings, private project links
	'enquiries', // the contact form's enquiries (ids shaped like orders')
	'privacy', // a customer's copy of their data and its erasure, across orders and builds
	'api', // the JSON API's errors and guards (answers an order change's result)
	'analytics', // visits and sales figures
	'wiring', // the job registry, startup data, readiness and the sitemap
] as const

export type ServerArea = (typeof SERVER_AREAS)[number]

/**
 * The parts of `orders/`, lowest first, held to the same rule inside the area: a part imports its
 * own part and the parts below it. The lifecycle is the one way an order changes; placement makes
 * orders; payments applies money to them (and takes refunds, as resumable steps); quotes follow a
 * quote up; after-sale holds returns and problem reports; actions are what staff and customers do
 * to an order (each a lifecycle change); pages are the read models and who may read them.
 */
export const ORDER_PARTS = [
	'lifecycle', // the transition function, its deps and order ids
	'placement', // placing an order: checks, quota, the group-commit writer
	'payments', // payments applied to orders, reconciling them, refunds and their steps
	'quotes', // quote follow-ups and reminders
	'after-sale', // returns, problem reports and cancellations as requests, and what they refund
	'actions', // staff and customer actions: delivery cost, cancel, mark paid/shipped, refunds
	'pages', // read models for the order pages and lists, private links
] as const
