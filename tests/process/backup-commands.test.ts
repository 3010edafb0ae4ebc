import type { ChildProcess } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { runCli } from '../support/cli'
import { spawnShop, waitHealthy } from '../support/process'

// db:backup through a running shop, db:restore into the stopped shop after a wipe, and
// db:move-to-postgres, run as the commands a shop owner types (embedded database only).
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'koi-bak-'))
const port = 4000 + Math.floor(Math.random() * 900)
const base = `http://localhost:${port}`
const env = {
	...process.env,
	NODE_ENV: 'production',
	DATA_DIR: dataDir,
	DATABASE_URL: undefined,
	PORT: String(port),
	SITE_URL: base,
	LOG_LEVEL: 'warn',
}
const backupFile = path.join(dataDir, 'elsewhere', 'shop.backup.gz')
let server: ChildProcess | undefined

afterAll(async () => {
	await stop()
	fs.rmSync(dataDir, { recursive: true, force: true })
}, 60_000)

async function start() {
	const started = await spawnShop(env)
	server = started.child
	await waitHealthy({ ...started, url: base }, { label: 'the shop', seconds: 60 })
}

async function stop() {
	if (!server || server.exitCode !== null) return
	const exited = new Promise((resolve) => server!.once('exit', resolve))
	server.kill('SIGTERM')
	await exited
}

const cli = (script: string, args: string[], extra: Record<string, string> = {}) =>
	runCli(script, args, { ...env, ...extra })

describe('backup, restore and move commands', () => {
	it('backs up the running shop and restores it into the stopped, wiped shop', async () => {
		await start()
		const admin = await cli('admin-create', [
			'--email',
			'owner@example.co.uk',
			'--password',
			'owner password 1',
		])
		expect(admin.code).toBe(0)
		const backup = await cli('db-backup', [backupFile])
		expect(backup.out).toContain('through the running server')
		expect(backup.code).toBe(0)
		expect(fs.statSync(backupFile).mode & 0o777).toBe(0o600)

		const whileRunning = await cli('db-restore', [backupFile, '--yes'])
		expect(whileRunning.code).toBe(1)
		expect(whileRunning.out).toMatch(/running.*stop it first/)

		await stop()
		const stopped = await cli('db-backup', [`${backupFile}.stopped`])
		expect(stopped.out).toContain('with the shop stopped')
		expect(stopped.code).toBe(0)
		fs.rmSync(path.join(dataDir, 'db'), { recursive: true })
		const unconfirmed = await cli('db-restore', [backupFile])
		expect(unconfirmed.out).toMatch(
			/This replaces everything in .* \(now 0 user.*\)\nwith the backup made .*1 user/,
		)
		expect(unconfirmed.out).toContain('Run again with --yes')
		expect(unconfirmed.code).toBe(1)
		const notBackup = await cli('db-restore', ['package.json', '--yes'])
		expect(notBackup.out).toContain('not a shop backup')
		expect(notBackup.code).toBe(1)

		const restored = await cli('db-restore', [backupFile, '--yes'])
		expect(restored.out).toContain('Restored.')
		expect(restored.code).toBe(0)
		// The restored admin is there, with its role (checked without booting a server again).
		const again = await cli('admin-create', ['--email', 'owner@example.co.uk', '--password', 'x'])
		expect(again.out).toContain('already an admin')
	}, 180_000)

	const postgres = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
	const admin = async (query: string) => {
		const client = new pg.Client({ connectionString: postgres })
		await client.connect()
		await client.query(query).finally(() => client.end())
	}
	it('moves the stopped shop into an empty PostgreSQL database, once', async (context) => {
		if (
			!(await admin('select 1').then(
				() => true,
				() => false,
			))
		)
			context.skip()
		const name = `koi_move_${crypto.randomBytes(6).toString('hex')}`
		const url = Object.assign(new URL(postgres), { pathname: `/${name}` }).toString()
		await admin(`create database ${name}`)
		try {
			const moved = await cli('db-move-to-postgres', [url])
			expect(moved.out).toMatch(/user: 1 rows, totals match/)
			expect(moved.out).toContain('Next: set DATABASE_URL')
			expect(moved.code).toBe(0)
			const again = await cli('db-move-to-postgres', [url])
			expect(again.out).toContain('not empty')
			expect(again.code).toBe(1)
		} finally {
			await admin(`drop database if exists ${name} with (force)`)
		}
	}, 120_000)
})
