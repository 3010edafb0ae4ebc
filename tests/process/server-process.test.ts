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
