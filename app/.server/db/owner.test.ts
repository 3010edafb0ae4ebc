import { once } from 'node:events'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { protocol } from '@electric-sql/pglite'
import pg from 'pg'
import { afterEach, describe, expect, it } from 'vitest'
import { createLogger } from '~/.server/logger'
import { secureDataDir } from './data-dir'
import { acquireDataDirLock, DataDirLockedError, lockFile, lockOwner } from './data-dir-lock'
import { openServerDatabase, socketDir, socketPath } from './owner'

const logger = createLogger('silent')
const dirs: string[] = []
const tempDir = () => {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'koi-owner-'))
	dirs.push(dir)
	return dir
}
afterEach(() => {
	for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

describe('the data directory lock', () => {
	it('is exclusive while its owner lives and taken over when the owner is gone', () => {
		const dir = tempDir()
		const lock = acquireDataDirLock(dir)
		expect(lockOwner(dir)).toBe(process.pid)
		expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError)
		lock.release()
		expect(fs.existsSync(lockFile(dir))).toBe(false)
		// A lock left by a killed process (a pid that is not running).
		fs.writeFileSync(lockFile(dir), '2147483646\n')
		expect(lockOwner(dir)).toBeUndefined()
		const again = acquireDataDirLock(dir)
		expect(fs.readFileSync(lockFile(dir), 'utf8').trim()).toBe(String(process.pid))
		again.release()
		// Left by an earlier process with our pid (a restarted container reuses pids).
		fs.writeFileSync(lockFile(dir), `${process.pid}\n`)
		expect(lockOwner(dir)).toBeUndefined()
		acquireDataDirLock(dir).release()
	})
})

describe('the server database on the embedded engine', () => {
	it('serves management clients on an owner-only socket and reports when they leave', async () => {
		const dir = tempDir()
		let sessions = 0
		// What a first start prints, as the person who typed `npm start` reads it.
		let printed = ''
		const watched = createLogger('info', {
			write: (text: string) => {
				printed += text
			},
		})
		const database = await openServerDatabase(
			{ dataDir: dir, poolSize: 1, logger: watched },
			() => {
				sessions++
			},
		)
		try {
			// Issue 62 item 8: its progress in plain lines, each once; no JSON for it.
			const lines = printed.split('\n')
			expect(
				lines.filter((l) => l === 'Database: creating the embedded database (first start)…'),
			).toHaveLength(1)
			const steps = lines.filter((l) => /^Database: applying migrations \(\d+ of \d+\)…$/.test(l))
			expect(steps.length).toBeGreaterThan(20)
			expect(new Set(steps).size).toBe(steps.length)
			expect(lines.filter((l) => l === 'Database: created')).toHaveLength(1)
			expect(lines.filter((l) => l.startsWith('{') && l.includes('Database:'))).toEqual([])
			expect(fs.statSync(socketDir(dir)).mode & 0o777).toBe(0o700)
			// A second server on the same directory is refused rather than opening it twice.
			await expect(
				openServerDatabase({ dataDir: dir, poolSize: 1, logger, lockWaitMs: 0 }, () => {}),
			).rejects.toThrow(DataDirLockedError)

			const client = new pg.Client({ host: socketDir(dir), user: 'postgres', database: 'postgres' })
			await client.connect()
			await client.query('begin')
			await client.query(`insert into catalog_state (id, content_hash, version, product_count)
				values (1, 'x', 7, 0)`)
			// The app's own query waits for the client's transaction instead of running inside it.
			const appRead = database.db.execute('select version from catalog_state')
			await new Promise((resolve) => setTimeout(resolve, 100))
			await client.query('commit')
			expect(((await appRead) as unknown as { rows: unknown[] }).rows).toEqual([{ version: 7 }])
			await client.end()
			for (let i = 0; i < 50 && sessions === 0; i++) await new Promise((r) => setTimeout(r, 20))
			expect(sessions).toBe(1)
		} finally {
			await database.close()
		}
		expect(fs.existsSync(lockFile(dir))).toBe(false)
	})

	it('cleans up after a client that vanishes mid-query or mid-transaction', async () => {
		const dir = tempDir()
		let sessions = 0
		const database = await openServerDatabase({ dataDir: dir, poolSize: 1, logger }, () => {
			sessions++
		})
		const rawClient = async (messages: Uint8Array[]) => {
			const socket = net.connect(socketPath(dir))
			await once(socket, 'connect')
			socket.write(protocol.serialize.startup({ user: 'postgres', database: 'postgres' }))
			await once(socket, 'data')
			for (const message of messages) socket.write(message)
			await once(socket, 'data')
			socket.destroy()
		}
		try {
			await database.db.execute('create table gone (n int)')
			// An extended query that failed, cut off before its Sync.
			await rawClient([protocol.serialize.parse({ text: 'select nonsense from nowhere' })])
			// A transaction left open.
			await rawClient([protocol.serialize.query('begin; insert into gone values (1)')])
			for (let i = 0; i < 50 && sessions < 2; i++) await new Promise((r) => setTimeout(r, 20))
			expect(sessions).toBe(2)
			const left = await database.db.execute('select count(*)::int as n from gone')
			expect((left as unknown as { rows: unknown[] }).rows).toEqual([{ n: 0 }])
		} finally {
			await database.close()
		}
	})

	it('never mixes the app and two clients: every transaction keeps exactly its own rows', async () => {
		const dir = tempDir()
		const database = await openServerDatabase({ dataDir: dir, poolSize: 1, logger }, () => {})
		const clients = [1, 2].map(
			() => new pg.Client({ host: socketDir(dir), user: 'postgres', database: 'postgres' }),
		)
		try {
			await database.db.execute('create table mix (who text not null)')
			await Promise.all(clients.map((client) => client.connect()))
			const app = Array.from({ length: 20 }, () =>
				database.db.transaction(async (tx) => {
					await tx.execute("insert into mix values ('app')")
					await new Promise((resolve) => setTimeout(resolve, 2))
					await tx.execute("insert into mix values ('app')")
				}),
			)
			const commands = clients.map(async (client, n) => {
				for (let i = 0; i < 5; i++) {
					await client.query('begin')
					await client.query('insert into mix values ($1)', [`client${n}`])
					await client.query(i % 2 ? 'rollback' : 'commit')
				}
			})
			await Promise.all([...app, ...commands])
			const counts = await database.db.execute(
				'select who, count(*)::int as n from mix group by who order by who',
			)
			expect((counts as unknown as { rows: unknown[] }).rows).toEqual([
				{ who: 'app', n: 40 },
				{ who: 'client0', n: 3 },
				{ who: 'client1', n: 3 },
			])
		} finally {
			await Promise.all(clients.map((client) => client.end().catch(() => {})))
			await database.close()
		}
	})
})

describe('the data directory is private', () => {
	const modeOf = (file: string) => fs.statSync(file).mode & 0o777

	it('is created owner-only, database included, and refused once others can open it', async () => {
		const dir = path.join(tempDir(), 'shop-data')
		const database = await openServerDatabase({ dataDir: dir, poolSize: 1, logger }, () => {})
		await database.close()
		expect(modeOf(dir)).toBe(0o700)
		expect(modeOf(path.join(dir, 'db'))).toBe(0o700)
		// PGlite writes its files 0666 whatever the umask: none is left open once it has closed.
		const open: string[] = []
		const walk = (at: string) => {
			for (const entry of fs.readdirSync(at, { withFileTypes: true })) {
				const file = path.join(at, entry.name)
				if (fs.lstatSync(file).mode & 0o077) open.push(file)
				if (entry.isDirectory()) walk(file)
			}
		}
		walk(dir)
		expect(open).toEqual([])

		fs.chmodSync(dir, 0o755)
		await expect(
			openServerDatabase({ dataDir: dir, poolSize: 1, logger }, () => {}),
		).rejects.toThrow(`can be opened by other users (permissions 0755)`)
		await expect(
			openServerDatabase({ dataDir: dir, poolSize: 1, logger }, () => {}),
		).rejects.toThrow(`chmod 700 ${dir}`)
	})

	it('takes group and other permissions off what an older version left inside', () => {
		const dir = tempDir()
		fs.mkdirSync(path.join(dir, 'db', 'base'), { recursive: true, mode: 0o755 })
		fs.chmodSync(path.join(dir, 'db'), 0o755)
		fs.writeFileSync(path.join(dir, 'db', 'base', 'table'), 'rows', { mode: 0o666 })
		fs.chmodSync(path.join(dir, 'db', 'base', 'table'), 0o666)
		fs.writeFileSync(path.join(dir, 'auth-secret'), 'secret', { mode: 0o644 })
		secureDataDir(dir)
		expect(modeOf(path.join(dir, 'db'))).toBe(0o700)
		expect(modeOf(path.join(dir, 'db', 'base'))).toBe(0o700)
		expect(modeOf(path.join(dir, 'db', 'base', 'table'))).toBe(0o600)
		expect(modeOf(path.join(dir, 'auth-secret'))).toBe(0o600)
	})
})
