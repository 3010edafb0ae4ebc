import { execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { E2E_ADMIN, E2E_SHOP_ENV } from '../../playwright.config'
import { PGLITE_TEMPLATES } from '../support/pglite-templates'
import { removeDataDir } from '../support/remove-dir'

/**
 * A shop of its own (production build, fresh embedded database) whose clock the test moves: the
 * server runs under libfaketime (Debian's faketime package, installed by .ci/run), reading its
 * offset from a file, so days pass in a second while timers keep real time.
 */
const FAKETIME_LIBS = [
	'/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1',
	'/usr/lib/aarch64-linux-gnu/faketime/libfaketime.so.1',
]

export type ClockedShop = {
	url: string
	outbox: string
	/** Moves the shop's clock to this far after the real time. */
	setOffset(days: number, hours?: number): void
	stop(): Promise<void>
}

async function waitUntilUp(url: string) {
	for (let i = 0; i < 300; i++) {
		if ((await fetch(url).catch(() => null))?.ok) return
		await new Promise((resolve) => setTimeout(resolve, 200))
	}
	throw new Error(`${url} did not start`)
}

export async function startClockedShop(port: number): Promise<ClockedShop> {
	const lib = FAKETIME_LIBS.find((file) => fs.existsSync(file))
	if (!lib) throw new Error('libfaketime is missing: apt-get install faketime')
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'koi-clocked-'))
	const clockFile = path.join(dir, 'clock')
	fs.writeFileSync(clockFile, '+0\n')
	const clock = {
		LD_PRELOAD: lib,
		FAKETIME_TIMESTAMP_FILE: clockFile,
		FAKETIME_NO_CACHE: '1',
		// Timers and timeouts keep real time; only the wall clock moves.
		DONT_FAKE_MONOTONIC: '1',
	}
	const url = `http://localhost:${port}`
	const dataDir = path.join(dir, 'data')
	// `node --import tsx`, what `npx tsx` runs, without npx finding the package first.
	execFileSync(
		process.execPath,
		[
			'--import',
			'tsx',
			'cli/admin-create.ts',
			'--email',
			E2E_ADMIN.email,
			'--password',
			E2E_ADMIN.password,
		],
		{ env: { ...process.env, ...PGLITE_TEMPLATES, DATA_DIR: dataDir }, stdio: 'ignore' },
	)
	const server = spawn(process.execPath, ['server.js'], {
		env: {
			...process.env,
			...clock,
			...E2E_SHOP_ENV,
			PORT: String(port),
			DATA_DIR: dataDir,
			...(process.env.CLOCKED_SHOP_LOG ? { LOG_LEVEL: 'info' } : {}),
			SITE_URL: url,
		},
		// CLOCKED_SHOP_LOG=<file>: the server's log, for finding out why a test failed.
		stdio: [
			'ignore',
			process.env.CLOCKED_SHOP_LOG ? fs.openSync(process.env.CLOCKED_SHOP_LOG, 'a') : 'ignore',
			'inherit',
		],
	})
	await waitUntilUp(`${url}/healthz`)
	return {
		url,
		outbox: path.join(dataDir, 'outbox'),
		setOffset(days, hours = 0) {
			const seconds = Math.round(days * 86_400 + hours * 3_600)
			fs.writeFileSync(clockFile, `${seconds >= 0 ? '+' : ''}${seconds}\n`)
		},
		async stop() {
			if (server.exitCode === null) {
				const exited = new Promise((resolve) => server.once('exit', resolve))
				server.kill('SIGTERM')
				await exited
			}
			removeDataDir(dir)
		},
	}
}
