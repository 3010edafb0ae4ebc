import addressparser from 'nodemailer/lib/addressparser'
import { z } from 'zod'
import { safeText } from '~/lib/text-safety'
import { VAT_NUMBER_PATTERN } from '~/lib/vat'

/**
 * Every setting the server reads, parsed once at start. A bad value stops start-up with a message
 * naming the variable; nothing else in the codebase reads process.env.
 */
const EnvSchema = z
	.object({
		NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
		PORT: z.coerce.number().int().min(1).max(65535).default(3000),
		HOST: safeText().min(1).default('0.0.0.0'),
		DATA_DIR: safeText().min(1).default('./data'),
		DATABASE_URL: safeText()
			.regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
			.optional(),
		DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
		SITE_URL: z.url({ protocol: /^https?$/ }).optional(),
		TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
		LOG_LEVEL: z
			.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
			.default('info'),
		AUTH_SECRET: safeText().min(32, 'must be at least 32 characters').optional(),
		SMTP_URL: safeText()
			.regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
			.optional(),
		// Deployment overrides of the business details' email (app/.server/email/business-mail.ts).
		/** The sender, when the mail provider allows only that address. */
		MAIL_FROM: safeText().transform(parseSender).optional(),
		/** Where staff notifications go. */
		BUSINESS_EMAIL: z.email().optional(),
		/**
		 * The business's VAT registration number (GB and 9 or 12 digits). With it, paid orders get
		 * a VAT invoice; without it, a plain receipt with no VAT breakdown (decision 0022).
		 */
		VAT_NUMBER: safeText()
			.transform((value) => value.replace(/\s+/g, '').toUpperCase())
			.pipe(safeText().regex(VAT_NUMBER_PATTERN, 'must be GB followed by 9 or 12 digits'))
			.optional(),
		OUTBOX_POLL_MS: z.coerce.number().int().min(100).max(60_000).default(2000),
		// Delivered emails (customers' addresses, order details) are deleted after this many days.
		OUTBOX_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
		/** Orders one account may place an hour (0 = no limit). */
		ORDERS_PER_HOUR: z.coerce.number().int().min(0).default(10),
		/** Orders one client address (an IPv6 /64) may place an hour (0 = no limit). */
		ORDERS_PER_HOUR_PER_IP: z.coerce.number().int().min(0).default(30),
		CATALOG_FILE: safeText().min(1).default('catalog/products.csv'),
		HTML_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
		/** Cookieless visit counting (issue 33, decision 0020); 'off' counts nothing. */
		VISIT_COUNTING: z.enum(['on', 'off']).default('on'),
		/** Where db:backup and scheduled backups write; defaults to DATA_DIR/backups. */
		BACKUP_DIR: safeText().min(1).optional(),
		/** This instance's cache of resized uploaded photos (decision 0026); DATA_DIR/photo-cache. */
		PHOTO_CACHE_DIR: safeText().min(1).optional(),
		/** The drawn demo pictures' cache (decision 0028); DATA_DIR/image-cache. */
		IMAGE_CACHE_DIR: safeText().min(1).optional(),
		/** 'off': demo pictures are drawn only when asked for, never warmed after start. */
		IMAGE_WARMUP: z.enum(['on', 'off']).default('on'),
		/** Scheduled backups of the embedded database every N hours (0 = off). */
		BACKUP_EVERY_HOURS: z.coerce
			.number()
			.min(0)
			.max(24 * 30)
			.default(0),
		/** How many scheduled backups to keep (oldest deleted first). */
		BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(14),
		/** /readyz answers 503 when an email has waited longer than this to be delivered. */
		READY_OUTBOX_MAX_AGE_SECONDS: z.coerce.number().int().min(1).default(900),
		// Card payments (README 'Card payments'): both keys or neither.
		STRIPE_SECRET_KEY: safeText()
			.regex(/^(sk|rk)_/, 'must be a Stripe secret key (sk_… or rk_…)')
			.optional(),
		STRIPE_WEBHOOK_SECRET: safeText()
			.regex(/^whsec_/, 'must start with whsec_')
			.optional(),
		STRIPE_API_BASE: z.url({ protocol: /^https?$/ }).optional(),
		/**
		 * 'test' runs the built-in provider (no money is taken) even in production on a public
		 * address; 'stripe' insists on the Stripe keys. Unset: Stripe when its keys are set.
		 */
		PAYMENTS: z.enum(['test', 'stripe']).optional(),
		/**
		 * Staff need a second factor (decision 0036). 'relaxed-for-tests' lifts it for the test
		 * shops' admin only; refused in production on a public address.
		 */
		STAFF_SECOND_FACTOR: z.enum(['required', 'relaxed-for-tests']).default('required'),
		/** How often open Stripe checkouts are reconciled; 0 turns the job off. */
		STRIPE_RECONCILE_MS: z.coerce.number().int().min(0).max(86_400_000).default(300_000),
	})
	.refine((env) => Boolean(env.STRIPE_SECRET_KEY) === Boolean(env.STRIPE_WEBHOOK_SECRET), {
		message: 'set both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or neither',
		path: ['STRIPE_WEBHOOK_SECRET'],
	})
	.refine((env) => env.PAYMENTS !== 'stripe' || Boolean(env.STRIPE_SECRET_KEY), {
		message: 'PAYMENTS=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET',
		path: ['STRIPE_SECRET_KEY'],
	})
	// Fail closed (issue 28, M6): a public production shop without Stripe keys would let anyone
	// 'pay' a link with the test provider's button. Only a demo on this machine, or an explicit
	// PAYMENTS=test, may run it.
	.refine(
		(env) =>
			env.NODE_ENV !== 'production' ||
			Boolean(env.STRIPE_SECRET_KEY) ||
			env.PAYMENTS === 'test' ||
			isLoopbackOrigin(env.SITE_URL ?? 'http://localhost'),
		{
			message:
				'a public shop needs card payments: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (or PAYMENTS=test for a demo that takes no money)',
			path: ['STRIPE_SECRET_KEY'],
		},
	)
	.refine(
		(env) =>
			env.STAFF_SECOND_FACTOR === 'required' ||
			env.NODE_ENV !== 'production' ||
			isLoopbackOrigin(env.SITE_URL ?? 'http://localhost'),
		{
			message: 'STAFF_SECOND_FACTOR=relaxed-for-tests is for test shops on this machine only',
			path: ['STAFF_SECOND_FACTOR'],
		},
	)
	.transform((env) => ({
		...env,
		SITE_URL: (env.SITE_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
		SITE_ORIGINS: siteOrigins(env.SITE_URL, env.PORT),
		BACKUP_DIR: env.BACKUP_DIR ?? `${env.DATA_DIR.replace(/\/$/, '')}/backups`,
		PHOTO_CACHE_DIR: env.PHOTO_CACHE_DIR ?? `${env.DATA_DIR.replace(/\/$/, '')}/photo-cache`,
		IMAGE_CACHE_DIR: env.IMAGE_CACHE_DIR ?? `${env.DATA_DIR.replace(/\/$/, '')}/image-cache`,
	}))

export type Env = z.infer<typeof EnvSchema>

/**
 * Whether the public site is HTTPS. Cookies are then Secure and HSTS is sent on every response,
 * whatever a proxy in front of the server says about the request (it may forget X-Forwarded-Proto).
 */
export const isHttpsSite = (siteUrl: string) => siteUrl.startsWith('https://')

/** localhost, 127.0.0.0/8 or [::1]: a site only this machine can reach. */
export function isLoopbackOrigin(siteUrl: string) {
	const host = new URL(siteUrl).hostname
	return (
		host === 'localhost' ||
		host.endsWith('.localhost') ||
		host === '[::1]' ||
		/^127(\.\d{1,3}){3}$/.test(host)
	)
}

/**
 * The origins forms may be posted from (issue 57 item 11). With SITE_URL set, its origin alone.
 * Unset, the shop is being tried on this machine, and the loopback names of its port are one
 * site: http://localhost:3000, http://127.0.0.1:3000 and http://[::1]:3000 all work.
 */
export function siteOrigins(siteUrl: string | undefined, port: number) {
	if (siteUrl) return [new URL(siteUrl).origin]
	return ['localhost', '127.0.0.1', '[::1]'].map((host) => new URL(`http://${host}:${port}`).origin)
}

/** Which card provider runs: the explicit choice, else Stripe when its keys are set. */
export function paymentsMode(env: Pick<Env, 'PAYMENTS' | 'STRIPE_SECRET_KEY'>) {
	return env.PAYMENTS ?? (env.STRIPE_SECRET_KEY ? 'stripe' : 'test')
}

/** 'Name <address>' or a bare address, as one sender; anything else is refused at start. */
function parseSender(value: string, ctx: z.RefinementCtx) {
	const [sender, ...more] = addressparser(value, { flatten: true })
	if (!sender || more.length > 0 || !z.email().safeParse(sender.address).success) {
		ctx.addIssue({
			code: 'custom',
			message: 'must be one sender, like "Koi Shop <hello@example.co.uk>" or hello@example.co.uk',
		})
		return z.NEVER
	}
	return { name: sender.name, address: sender.address }
}

export class EnvError extends Error {}

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
	// Treat empty strings as unset so `FOO= npm start` behaves like leaving FOO out.
	const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ''))
	const result = EnvSchema.safeParse(cleaned)
	if (!result.success) {
		const lines = result.error.issues.map(
			(issue) => `  ${issue.path.join('.') || '(env)'}: ${issue.message}`,
		)
		throw new EnvError(`Invalid environment configuration:\n${lines.join('\n')}`)
	}
	return result.data
}
