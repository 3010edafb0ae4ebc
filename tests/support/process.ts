import { type ChildProcess, spawn } from 'node:child_process'
import net, { type AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../../scripts/server-flags.js'

/**
 * The shop as a real process (server.js: boot, migrations, lock, outbox worker) on the production
 * build, as it runs for real; the process tier's global setup makes sure the build is current
 * (tests/support/production-build.ts).
 */
export type ServerProcess = {
	child: ChildProcess
	url: string
	exited: Promise<number | null>
	output(): string
}

/**
 * `node server.js` in production mode with `env` over this process's; its output is kept for error
 * messages. Started with the production memory settings itself (scripts/server-flags.js), so the
 * child is the server and a SIGKILL reaches it, not a parent that re-launched it.
 */
export async function spawnShop(env: Record<string, string | undefined>) {
	const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'server.js'], {
		// No picture warm-up unless a test asks (decision 0028): a core for minutes beside the test.
		env: {
			...process.env,
			...SERVER_ENV,
			NODE_ENV: 'production',
			IMAGE_WARMUP: 'off',
			STAFF_SECOND_FACTOR: 'relaxed-for-tests',
			...env,
		},
		stdio: ['ignore', 'pipe', 'pipe'],
	})
	let output = ''
	child.stdout!.on('data', (chunk) => {
		output += chunk
	})
	child.stderr!.on('data', (chunk) => {
		output += chunk
	})
	const exited = new Promise<number | null>((resolve) => {
		if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode)
		else child.on('exit', (code) => resolve(code))
	})
	return { child, exited, output: () => output }
}

/** The shop on `port` of 127.0.0.1, quiet but for warnings. */
export async function spawnServer(
	port: number,
	env: Record<string, string | undefined>,
): Promise<ServerProcess> {
	const url = `http://127.0.0.1:${port}`
	const server = await spawnShop({
		LOG_LEVEL: 'warn',
		PORT: String(port),
		HOST: '127.0.0.1',
		SITE_URL: url,
		...env,
	})
	return { ...server, url }
}

export async function waitHealthy(
	server: ServerProcess,
	{ label = 'the server', seconds = 180 }: { label?: string; seconds?: number } = {},
) {
	const started = Date.now()
	const deadline = started + seconds * 1000
	while (Date.now() < deadline) {
		if (server.child.exitCode !== null || server.child.signalCode !== null) break
		const ok = await fetch(`${server.url}/healthz`)
			.then((r) => r.ok)
			.catch(() => false)
		if (ok) return
		await new Promise((r) => setTimeout(r, 200))
	}
	// One line that says why (CI's summary keeps a failure's first lines), then what it printed.
	const { exitCode, signalCode } = server.child
	const why =
		exitCode !== null || signalCode !== null
			? `it exited (${signalCode ?? `code ${exitCode}`})`
			: 'it was still running'
	const waited = ((Date.now() - started) / 1000).toFixed(1)
	throw new Error(
		`${label} at ${server.url} did not become healthy after ${waited} s: ${why}; it printed:\n${server.output() || '(nothing)'}`,
	)
}

export async function stopServer(server: ServerProcess) {
	if (server.child.exitCode !== null || server.child.signalCode !== null) return server.exited
	server.child.kill('SIGTERM')
	return server.exited
}

/** A port nobody listens on now (other test files and other checkouts run at the same time). */
export async function freePort() {
	const probe = net.createServer()
	await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
	const { port } = probe.address() as AddressInfo
	await new Promise((resolve) => probe.close(resolve))
	return port
}

export type ReceivedEmail = {
	messageId: string
	subject: string
	/** The envelope's recipients: where the email really went. */
	to: string[]
	from: string
	replyTo: string
}

/** An in-process SMTP server that records what it was given (recipients and the main headers). */
export async function startSmtpSink() {
	const received: ReceivedEmail[] = []
	const smtp = new SMTPServer({
		authOptional: true,
		disabledCommands: ['STARTTLS'],
		logger: false,
		onData(stream, session, done) {
			let raw = ''
			stream.on('data', (chunk) => {
				raw += chunk
			})
			stream.on('end', () => {
				const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ')
				const header = (name: string) =>
					new RegExp(`^${name}:\\s*(.+)$`, 'im').exec(head)?.[1]?.trim() ?? ''
				received.push({
					messageId: header('message-id'),
					subject: header('subject'),
					to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
					from: header('from'),
					replyTo: header('reply-to'),
				})
				done()
			})
		},
	})
	await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
	const port = (smtp.server.address() as AddressInfo).port
	return {
		url: `smtp://127.0.0.1:${port}`,
		received,
		close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
	}
}

/** Registers a customer over HTTP and returns the session cookie. */
export async function registerCustomer(base: string, email: string) {
	const password = 'crash test password'
	const res = await fetch(`${base}/auth`, {
		method: 'POST',
		redirect: 'manual',
		headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
		body: new URLSearchParams({
			intent: 'register',
			firstName: 'Process',
			lastName: 'Tester',
			email,
			password,
			confirmPassword: password,
		}).toString(),
	})
	const cookie = res.headers
		.getSetCookie()
		.map((line) => line.split(';')[0])
		.join('; ')
	if (!cookie.includes('session_token')) throw new Error(`registration failed: ${res.status}`)
	return cookie
}

/** Catalogue lines with their unit prices in pence (catalog/products.csv), as bench/orders.ts. */
export const ORDER_LINES = [
	{ id: '145', quantity: 1, selectedSize: '5 m cable', selectedOption: 'Pump only', unit: 68599 },
	{ id: '1', quantity: 2, selectedSize: '', selectedOption: 'Standard', unit: 17399 },
]
export const ORDER_SUBTOTAL = ORDER_LINES.reduce((sum, l) => sum + l.unit * l.quantity, 0)

export function placeOrderRequest(base: string, cookie: string, idempotencyKey: string) {
	return fetch(`${base}/api/placeOrder`, {
		method: 'POST',
		headers: { 'content-type': 'application/json', cookie, origin: base },
		body: JSON.stringify({
			data: {
				cartItems: ORDER_LINES.map(({ unit: _unit, ...line }) => line),
				deliveryInfo: {
					firstName: 'Process',
					lastName: 'Tester',
					address1: '1 Test Road',
					city: 'Inverness',
					postcode: 'IV2 3XY',
					phone: '01463 123456',
				},
				idempotencyKey,
			},
		}),
	})
}
