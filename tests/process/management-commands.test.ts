import type { ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SESSION_CACHE_MS } from '~/.server/auth/session-cache'
import { VERSION_CHECK_MS } from '~/.server/catalog/catalog'
import { runCli } from '../support/cli'
import { createTestDatabase, type TestDatabase } from '../support/db'
import { spawnShop, waitHealthy } from '../support/process'

// The management commands run beside a live server process (DESIGN decision 14): on the embedded
// database they reach it through its socket; with DATABASE_URL they connect to PostgreSQL.
let dataDir: string
let database: TestDatabase | undefined
let server: ChildProcess
let base: string
let env: Record<string, string | undefined>

beforeAll(async () => {
	dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'koi-mgmt-'))
	// On PostgreSQL, a throwaway database for the server and the commands to share.
	if (process.env.DATABASE_URL) database = await createTestDatabase()
	const port = 4000 + Math.floor(Math.random() * 900)
	base = `http://localhost:${port}`
	env = {
		...process.env,
		NODE_ENV: 'production',
		DATA_DIR: dataDir,
		DATABASE_URL: database?.url,
		PORT: String(port),
		SITE_URL: base,
		LOG_LEVEL: 'warn',
	}
	const started = await spawnShop(env)
	server = started.child
	await waitHealthy({ ...started, url: base }, { label: 'the shop', seconds: 60 })
}, 120_000)

afterAll(async () => {
	if (server && server.exitCode === null) {
		const exited = new Promise((resolve) => server.once('exit', resolve))
		server.kill('SIGTERM')
		await exited
	}
	await database?.cleanup()
	fs.rmSync(dataDir, { recursive: true, force: true })
}, 60_000)

const cli = (script: string, args: string[]) => runCli(script, args, env)

async function signIn(email: string, password: string) {
	const res = await fetch(`${base}/auth`, {
		method: 'POST',
		redirect: 'manual',
		headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
		body: new URLSearchParams({ intent: 'signin', email, password }).toString(),
	})
	const cookie = res.headers
		.getSetCookie()
		.map((line) => line.split(';')[0])
		.join('; ')
	return { status: res.status, cookie }
}

describe('management commands beside a running server', () => {
	it('admin:create makes an admin the running server signs in at once', async () => {
		const created = await cli('admin-create', [
			'--email',
			'owner@example.co.uk',
			'--password',
			'owner password 1',
		])
		expect(created.out).toContain('Created admin account owner@example.co.uk')
		expect(created.code).toBe(0)
		const { status, cookie } = await signIn('owner@example.co.uk', 'owner password 1')
		expect(status).toBe(302)
		const admin = await fetch(`${base}/admin`, { headers: { cookie }, redirect: 'manual' })
		expect(admin.status).toBe(200)
		expect(await admin.text()).toContain('Admin Dashboard')
	}, 120_000)

	it('admin:create promotes a customer account only with --promote-existing', async () => {
		const register = await fetch(`${base}/auth`, {
			method: 'POST',
			redirect: 'manual',
			headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
			body: new URLSearchParams({
				intent: 'register',
				firstName: 'Early',
				lastName: 'Bird',
				email: 'staff@example.co.uk',
				password: 'customer password',
				confirmPassword: 'customer password',
			}).toString(),
		})
		expect(register.status).toBe(302)
		const refused = await cli('admin-create', [
			'--email',
			'staff@example.co.uk',
			'--password',
			'another password',
		])
		expect(refused.code).toBe(1)
		expect(refused.out).toMatch(/already has a customer account.*--promote-existing/)
		const customer = await signIn('staff@example.co.uk', 'customer password')
		const denied = await fetch(`${base}/admin`, {
			headers: { cookie: customer.cookie },
			redirect: 'manual',
		})
		expect(denied.status).toBe(403)

		const promoted = await cli('admin-create', [
			'--email',
			'staff@example.co.uk',
			'--password',
			'ignored password',
			'--promote-existing',
		])
		expect(promoted.code).toBe(0)
		// On PGlite the command writes through the server, which forgets its session lookups at
		// once; on PostgreSQL it writes to the database directly, and a running server sees the
		// new role within the SESSION_CACHE_MS it believes a lookup (decision 0016).
		const allowed = await readUntil(
			SESSION_CACHE_MS + 2_000,
			() => fetch(`${base}/admin`, { headers: { cookie: customer.cookie }, redirect: 'manual' }),
			(res) => res.status === 200,
		)
		expect(allowed.status).toBe(200)
	}, 120_000)

	it('catalog:import is served by the running server at once, or within its version check', async () => {
		const csv = fs
			.readFileSync('catalog/products.csv', 'utf8')
			.replace('Oase BioSmart 6000 Pond Filter,', 'Socket Imported Koi Filter,')
		const file = path.join(dataDir, 'renamed.csv')
		fs.writeFileSync(file, csv)
		const before = await (await fetch(`${base}/pond-products/filters/0`)).text()
		expect(before).not.toContain('Socket Imported Koi Filter')
		const imported = await cli('catalog-import', [file])
		expect(imported.out).toMatch(/Imported \d+ rows/)
		expect(imported.code).toBe(0)
		// On PGlite the command writes through the server, which starts loading the new version
		// when the command's session ends, and the next request waits up to SWAP_WAIT_MS for it; on
		// PostgreSQL it writes to the database directly, and a running server sees the new version
		// within VERSION_CHECK_MS (and SWAP_WAIT_MS to load it). Read once, straight after the
		// command, this failed on a busy machine with either database (the load took longer).
		const after = await readUntil(
			VERSION_CHECK_MS + 2_000,
			async () => (await fetch(`${base}/pond-products/filters/0`)).text(),
			(page) => page.includes('Socket Imported Koi Filter'),
		)
		expect(after).toContain('Socket Imported Koi Filter')
	}, 120_000)

	it('never opens the directory a second time: the server keeps its lock', () => {
		if (database) return
		expect(fs.readFileSync(path.join(dataDir, 'db.lock'), 'utf8').trim()).toBe(String(server.pid))
		expect(fs.statSync(path.join(dataDir, 'run')).mode & 0o777).toBe(0o700)
		expect(fs.statSync(path.join(dataDir, 'run', '.s.PGSQL.5432')).mode & 0o777).toBe(0o600)
	})
})

/**
 * Reads until `done` holds or `ms` have passed (read at least once), answering the last read: how
 * a test waits for a running server to see what a command wrote straight to PostgreSQL.
 */
async function readUntil<T>(ms: number, read: () => Promise<T>, done: (value: T) => boolean) {
	const deadline = Date.now() + ms
	for (;;) {
		const value = await read()
		if (done(value) || Date.now() >= deadline) return value
		await new Promise((resolve) => setTimeout(resolve, 250))
	}
}

/** A command with `input` on its stdin (a pipe, not a terminal). */
const cliWithInput = (
	script: string,
	args: string[],
	input: string,
	extra: NodeJS.ProcessEnv = {},
) => runCli(script, args, { ...env, ...extra }, input)

describe('admin:create without the password on the command line', () => {
	it('takes it from ADMIN_PASSWORD or from stdin, and says how when it has none', async () => {
		const fromEnv = await cliWithInput('admin-create', ['--email', 'env@example.co.uk'], '', {
			ADMIN_PASSWORD: 'from the environment 1',
		})
		expect(fromEnv.out).toContain('Created admin account env@example.co.uk')
		expect((await signIn('env@example.co.uk', 'from the environment 1')).status).toBe(302)

		const piped = await cliWithInput(
			'admin-create',
			['--email', 'piped@example.co.uk', '--password-stdin'],
			'from a pipe 12345\n',
		)
		expect(piped.out).toContain('Created admin account piped@example.co.uk')
		expect((await signIn('piped@example.co.uk', 'from a pipe 12345')).status).toBe(302)

		const none = await cliWithInput('admin-create', ['--email', 'none@example.co.uk'], '')
		expect(none.code).toBe(2)
		expect(none.out).toContain('ADMIN_PASSWORD')
		expect(none.out).toContain('--password-stdin')
	}, 120_000)
})

describe('the data directory of the embedded database', () => {
	it('is made owner-only by a command, files included, and refused once others can open it', async (context) => {
		if (process.env.DATABASE_URL) context.skip()
		const fresh = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'koi-perm-')), 'data')
		try {
			const own = { DATA_DIR: fresh, ADMIN_PASSWORD: 'owner password 1' }
			const created = await cliWithInput('admin-create', ['--email', 'o@example.co.uk'], '', own)
			expect(created.code).toBe(0)
			expect(fs.statSync(fresh).mode & 0o777).toBe(0o700)
			const open = fs
				.readdirSync(fresh, { recursive: true, withFileTypes: true })
				.filter((entry) => fs.lstatSync(path.join(entry.parentPath, entry.name)).mode & 0o077)
				.map((entry) => path.join(entry.parentPath, entry.name))
			expect(open).toEqual([])

			fs.chmodSync(fresh, 0o755)
			const refused = await cliWithInput('admin-create', ['--email', 'o@example.co.uk'], '', own)
			expect(refused.code).toBe(1)
			expect(refused.out).toContain(`DATA_DIR ${fresh} can be opened by other users`)
			expect(refused.out).toContain(`chmod 700 ${fresh}`)
		} finally {
			fs.rmSync(path.dirname(fresh), { recursive: true, force: true })
		}
	}, 180_000)
})
