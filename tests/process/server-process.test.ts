import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { spawnShop, waitHealthy } from '../support/process'

async function runServer(env: Record<string, string>) {
	const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'koi-proc-'))
	const server = await spawnShop({ DATA_DIR: dataDir, LOG_LEVEL: 'info', ...env })
	return { ...server, dataDir, url: `http://127.0.0.1:${env.PORT}` }
}

describe('the server process', () => {
	it('refuses to start with a bad setting and names the variable', async () => {
		const server = await runServer({ PORT: 'not-a-port' })
		expect(await server.exited).toBe(1)
		expect(server.output()).toMatch(/PORT/)
	})

	it('stops cleanly on SIGTERM, closing the database', async () => {
		const port = 3900 + Math.floor(Math.random() * 90)
		const server = await runServer({ PORT: String(port) })
		await waitHealthy(server, { label: 'the first server', seconds: 60 })
		// Start-up ends with one plain line saying where the shop is (issue 34 item 8).
		for (let i = 0; i < 50 && !server.output().includes('Shop ready'); i++)
			await new Promise((r) => setTimeout(r, 100))
		// The admin hint shows while the shop has no admin: always in a new embedded database; the
		// PostgreSQL test database is shared with other test files, which may have made one.
		const hint = '; admin: npm run admin:create -- --email you@example.com'
		expect(server.output()).toMatch(
			new RegExp(
				`^Shop ready at http://localhost:${port} \\(${process.env.DATABASE_URL ? `PostgreSQL database(${hint})?` : `embedded database in ${server.dataDir}${hint}`}\\)$`,
				'm',
			),
		)
		expect(server.output().indexOf('Shop ready')).toBeGreaterThan(
			server.output().indexOf('"msg":"listening"'),
		)
		await loopbackNamesAreOneSite(port)
		server.child.kill('SIGTERM')
		expect(await server.exited).toBe(0)
		expect(server.output()).toContain('shutting down')
		expect(server.output()).toContain('"msg":"stopped"')
		// The embedded database was closed cleanly: it opens again straight away.
		const again = await runServer({ PORT: String(port + 1), DATA_DIR: server.dataDir })
		await waitHealthy(again, { label: 'the server reopening its database', seconds: 60 })
		again.child.kill('SIGTERM')
		expect(await again.exited).toBe(0)
	}, 180_000)
})

/**
 * Issue 57 item 11: with SITE_URL unset (this server's case), a browser at http://127.0.0.1:PORT
 * creates an account and gets a delivery estimate as one at localhost does; another origin gets
 * a 403 naming the address to use, as a page or, for a script, as JSON it can show.
 */
async function loopbackNamesAreOneSite(port: number) {
	const url = `http://127.0.0.1:${port}`
	const site = `http://localhost:${port}`
	const post = (path: string, origin: string, body: string, type: string) =>
		fetch(`${url}${path}`, {
			method: 'POST',
			redirect: 'manual',
			headers: { origin, 'content-type': type, 'sec-fetch-site': 'same-origin' },
			body,
		})
	const form = 'application/x-www-form-urlencoded'
	const account = new URLSearchParams({
		intent: 'register',
		firstName: 'Ann',
		lastName: 'Loopback',
		// New to every run: the PostgreSQL test database outlives runs, and ports repeat.
		email: `loopback-${port}-${Date.now()}@example.co.uk`,
		password: 'correct horse battery',
		confirmPassword: 'correct horse battery',
	}).toString()
	const created = await post('/auth', url, account, form)
	expect(created.status).toBe(302)
	expect(created.headers.getSetCookie().join()).toContain('session_token')
	const estimate = JSON.stringify({ postcode: 'IV2 3XY', lines: [{ id: '0', quantity: 1 }] })
	const estimated = await post('/cart/estimate', url, estimate, 'application/json')
	expect(estimated.status).toBe(200)
	expect(await estimated.json()).toHaveProperty('kind')

	const refused = await post('/cart/estimate', 'http://evil.example', estimate, 'application/json')
	expect(refused.status).toBe(403)
	const answer = (await refused.json()) as { error: { message: string } }
	expect(answer.error.message).toContain(site)
	const page = await post('/auth', 'http://evil.example', account, form)
	expect(page.status).toBe(403)
	expect(page.headers.get('content-type')).toMatch(/^text\/html/)
	expect(await page.text()).toContain(`Please open the shop at <a href="${site}/">${site}</a>`)
}
