import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import { CREATE_SCRIPT, DEFAULT_MIGRATIONS_FOLDER, openDatabase, pgliteExists } from './client'

const dirs: string[] = []
const tempDir = () => {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'koi-create-'))
	dirs.push(dir)
	return dir
}
afterEach(() => {
	for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

describe('creating the embedded database in a child process', () => {
	it('reports each step and leaves a migrated database with the lean settings', async () => {
		// PGlite's own initdb, as a shop's first start runs it (the tests' shared empty cluster off).
		vi.stubEnv('KOI_PGLITE_TEMPLATE_DIR', undefined)
		onTestFinished(() => {
			vi.unstubAllEnvs()
		})
		const dataDir = path.join(tempDir(), 'db')
		const steps: string[] = []
		const database = await openDatabase({ dataDir, onProgress: (text) => steps.push(text) })
		try {
			expect(steps[0]).toMatch(/creating/)
			const migrations = fs
				.readdirSync(DEFAULT_MIGRATIONS_FOLDER)
				.filter((f) => f.endsWith('.sql')).length
			expect(steps).toContain(`Database: applying migrations (${migrations} of ${migrations})…`)
			const { rows } = await database.pglite!.query<{ n: number }>(
				'select count(*)::int as n from drizzle.__drizzle_migrations',
			)
			expect(rows[0]!.n).toBe(migrations)
			// Every table is there: the app's own queries work.
			const count = await database.pglite!.query('select count(*) from products')
			expect(count.rows).toHaveLength(1)
			const settings = await database.pglite!.query<{ shared_buffers: string }>(
				'show shared_buffers',
			)
			expect(settings.rows[0]!.shared_buffers).toBe('16MB')
		} finally {
			await database.close()
		}
		// Reopening runs no creation step.
		const again: string[] = []
		const reopened = await openDatabase({ dataDir, onProgress: (text) => again.push(text) })
		await reopened.close()
		expect(again).toEqual([])
	}, 120_000)

	it('recovers when a first start was killed half-way', async () => {
		const dataDir = path.join(tempDir(), 'db')
		const child = spawn(
			process.execPath,
			[CREATE_SCRIPT, dataDir, DEFAULT_MIGRATIONS_FOLDER, '[]'],
			{ stdio: ['ignore', 'pipe', 'inherit'] },
		)
		// Kill it once it has started work on the half-made copy.
		await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()))
		child.kill('SIGKILL')
		await new Promise((resolve) => child.once('exit', resolve))
		expect(pgliteExists(dataDir)).toBe(false)
		const database = await openDatabase({ dataDir })
		try {
			expect(pgliteExists(dataDir)).toBe(true)
			expect(fs.existsSync(`${dataDir}.creating`)).toBe(false)
			await database.pglite!.query('select count(*) from products')
		} finally {
			await database.close()
		}
	}, 120_000)

	it('keeps an incomplete directory left by an older version aside instead of deleting it', async () => {
		const root = tempDir()
		const dataDir = path.join(root, 'db')
		fs.mkdirSync(dataDir)
		fs.writeFileSync(path.join(dataDir, 'note'), 'left behind')
		const database = await openDatabase({ dataDir })
		await database.close()
		const aside = fs.readdirSync(root).filter((name) => name.startsWith('db.incomplete-'))
		expect(aside).toHaveLength(1)
		expect(fs.readFileSync(path.join(root, aside[0]!, 'note'), 'utf8')).toBe('left behind')
	}, 120_000)
})
