import { type ChildProcess, execFile, spawn } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import { createServerDatabase } from '../support/db'
import { freePort, ORDER_LINES } from '../support/process'

/**
 * The shop as it runs in production: `node server.js` with NODE_ENV=production on the build in
 * ./build, its own port, DATA_DIR (under ./data) and, with DATABASE_URL, its own database. Every
 * log line is kept so error-level lines can be laid at the requests in flight when they came.
 */
export type Shop = {
	name: string
	url: URL
	adminEmail: string
	/** Parsed JSON log lines at error level or above, with the requests in flight at the time. */
	errorLines: Array<{ line: string; inFlight: string[] }>
	/** Every log line, raw (the token check reads them). */
	output(): string
	stop(): Promise<void>
}

export const ADMIN_PASSWORD = 'fuzz admin password 1'
/** The harness signs in from its own address (TRUST_PROXY=1), apart from the fuzzed ones. */
export const HARNESS_IP = '192.0.2.1'

const run = promisify(execFile)

export async function startShop({
	name,
	env = {},
	inFlight,
}: {
	name: string
	env?: Record<string, string>
	/** The requests in flight now, described; read when an error line arrives. */
	inFlight: () => string[]
}): Promise<Shop> {
	if (!fs.existsSync('build/server/index.js'))
		throw new Error('No production build: run `npm run build` before the fuzz suite.')
	const port = await freePort()
	const url = new URL(`http://127.0.0.1:${port}`)
	fs.mkdirSync('data', { recursive: true })
	const dataDir = fs.mkdtempSync(path.join('data', `fuzz-${name}-`))
	const database = await createDatabase()
	const adminEmail = `admin-${name}@fuzz.example`
	const shopEnv: Record<string, string> = {
		...(process.env as Record<string, string>),
		NODE_ENV: 'production',
		// The fuzzed admin signs in with a password alone (decision 0036: test shops only).
		STAFF_SECOND_FACTOR: 'relaxed-for-tests',
		PORT: String(port),
		HOST: '127.0.0.1',
		SITE_URL: url.origin,
		DATA_DIR: dataDir,
		LOG_LEVEL: 'info',
		// Fuzzed requests come from many addresses, so per-IP limits do not stop the run early.
		TRUST_PROXY: '1',
		OUTBOX_POLL_MS: '1000',
		...(database ? { DATABASE_URL: database.url } : {}),
		...env,
	}
	if (!database) delete shopEnv.DATABASE_URL
	await run(
		process.execPath,
		['--import', 'tsx', 'cli/admin-create.ts', '--email', adminEmail, '--password', ADMIN_PASSWORD],
		{ env: shopEnv },
	)
	const child: ChildProcess = spawn(process.execPath, ['server.js'], {
		env: shopEnv,
		stdio: ['ignore', 'pipe', 'pipe'],
	})
	let output = ''
	const errorLines: Shop['errorLines'] = []
	const partial = { stdout: '', stderr: '' }
	const read = (chunk: Buffer, stream: 'stdout' | 'stderr') => {
		output += chunk
		const lines = (partial[stream] + chunk.toString('utf8')).split('\n')
		partial[stream] = lines.pop() ?? ''
		for (const line of lines) {
			let level = 0
			try {
				level = Number((JSON.parse(line) as { level?: number }).level ?? 0)
			} catch {
				// Not pino's JSON: on stderr a crash trace, as bad as an error line; on stdout the
				// shop's own plain lines for a person watching it start ('Images: 40 of 378').
				level = line.trim() && stream === 'stderr' ? 50 : 0
			}
			if (level >= 50) errorLines.push({ line, inFlight: inFlight() })
		}
	}
	child.stdout!.on('data', (chunk: Buffer) => read(chunk, 'stdout'))
	child.stderr!.on('data', (chunk: Buffer) => read(chunk, 'stderr'))
	const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()))
	const deadline = Date.now() + 60_000
	for (;;) {
		if (child.exitCode !== null) throw new Error(`the ${name} shop exited:\n${output}`)
		const ok = await harnessFetch(`${url.origin}/healthz`)
			.then((r) => r.ok)
			.catch(() => false)
		if (ok) break
		if (Date.now() > deadline) throw new Error(`the ${name} shop did not start:\n${output}`)
		await new Promise((resolve) => setTimeout(resolve, 200))
	}
	return {
		name,
		url,
		adminEmail,
		errorLines,
		output: () => output,
		async stop() {
			if (child.exitCode === null) child.kill('SIGTERM')
			await exited
			fs.rmSync(dataDir, { recursive: true, force: true })
			await database?.drop()
		},
	}
}

/** With DATABASE_URL: a throwaway database on that server for one shop, dropped afterwards. */
async function createDatabase() {
	const serverUrl = process.env.DATABASE_URL
	return serverUrl ? createServerDatabase(serverUrl, 'koi_fuzz') : undefined
}

/** Session cookies from a Set-Cookie list, as one Cookie header. */
export function cookieHeader(res: Response, previous = '') {
	const jar = new Map(
		previous
			.split('; ')
			.filter(Boolean)
			.map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
	)
	for (const line of res.headers.getSetCookie()) {
		const [pair = ''] = line.split(';')
		const at = pair.indexOf('=')
		if (/max-age=0/i.test(line) || at === pair.length - 1) jar.delete(pair.slice(0, at))
		else jar.set(pair.slice(0, at), pair.slice(at + 1))
	}
	return [...jar].map(([k, v]) => `${k}=${v}`).join('; ')
}

/**
 * The harness's own requests, each on a connection of its own as send() sends the fuzzed ones:
 * reusing an idle keep-alive connection at the moment the server closes it fails the request,
 * a client's race (seen under load, seed 1139642525) and not the shop's fault.
 */
export function harnessFetch(input: string | URL, init: RequestInit = {}) {
	const headers = new Headers(init.headers)
	headers.set('connection', 'close')
	return fetch(input, { ...init, headers })
}

/** A form POST from the harness's own address. */
export function harnessPost(
	shop: Shop,
	target: string,
	fields: Record<string, string>,
	cookie = '',
) {
	return harnessFetch(new URL(target, shop.url), {
		method: 'POST',
		redirect: 'manual',
		headers: {
			'content-type': 'application/x-www-form-urlencoded',
			origin: shop.url.origin,
			'x-forwarded-for': HARNESS_IP,
			...(cookie ? { cookie } : {}),
		},
		body: new URLSearchParams(fields).toString(),
	})
}

export async function signIn(shop: Shop, email: string, password: string) {
	const res = await harnessPost(shop, '/auth', { intent: 'signin', email, password })
	const cookie = cookieHeader(res)
	if (!cookie.includes('session_token')) throw new Error(`sign-in failed (${res.status})`)
	return cookie
}

export async function register(shop: Shop, email: string, password: string) {
	const res = await harnessPost(shop, '/auth', {
		intent: 'register',
		firstName: 'Fuzz',
		lastName: 'Customer',
		email,
		password,
		confirmPassword: password,
	})
	const cookie = cookieHeader(res)
	if (!cookie.includes('session_token')) throw new Error(`registration failed (${res.status})`)
	return cookie
}

/** Who the server thinks the cookie belongs to ('customer', 'admin' or null). */
export async function whoIs(shop: Shop, cookie: string) {
	const res = await harnessFetch(new URL('/auth/session', shop.url), {
		headers: { cookie, 'x-forwarded-for': HARNESS_IP },
	})
	return ((await res.json()) as { hint: string | null }).hint
}

export async function jsonPost(shop: Shop, target: string, body: unknown, cookie: string) {
	return harnessFetch(new URL(target, shop.url), {
		method: 'POST',
		headers: {
			'content-type': 'application/json',
			origin: shop.url.origin,
			cookie,
			'x-forwarded-for': HARNESS_IP,
		},
		body: JSON.stringify(body),
	})
}

/** Places an order as the harness customer (the fuzzed forms need real orders to act on). */
export function placeFuzzOrder(shop: Shop, cookie: string, lastName: string) {
	return jsonPost(
		shop,
		'/api/placeOrder',
		{
			data: {
				cartItems: ORDER_LINES.map(({ unit: _unit, ...line }) => line),
				deliveryInfo: {
					firstName: 'Fuzz',
					lastName,
					address1: '1 Test Road',
					city: 'Inverness',
					postcode: 'IV2 3XY',
					phone: '01463 123456',
				},
				idempotencyKey: crypto.randomUUID(),
			},
		},
		cookie,
	)
}
