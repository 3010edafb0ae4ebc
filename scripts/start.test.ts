import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { fingerprint, upToDate } from './start.js'

const dirs: string[] = []
afterEach(() => {
	for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

/** A checkout that has been through a complete first start. */
function preparedCheckout() {
	const root = fs.mkdtempSync(path.join(os.tmpdir(), 'koi-start-'))
	dirs.push(root)
	const write = (file: string, text = 'x') => {
		fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
		fs.writeFileSync(path.join(root, file), text)
	}
	write('app/root.tsx')
	write('server.js')
	write('build/server/index.js')
	write('build/.source-fingerprint', fingerprint(root))
	return { root, write }
}

describe('npm start: what a second start may skip', () => {
	it('skips everything when sources and build are as the last start left them', () => {
		expect(upToDate(preparedCheckout().root)).toBe(true)
	})

	it('prepares again after a source edit, but not after new images or data', () => {
		const { root, write } = preparedCheckout()
		// Demo pictures are drawn by the server into DATA_DIR/image-cache (decision 0028).
		write('data/image-cache/0123456789abcdef/portfolio/pond1/01-160.jpg', 'new picture')
		write('data/shop/PG_VERSION', '17')
		expect(upToDate(root)).toBe(true)
		write('app/root.tsx', 'edited')
		expect(upToDate(root)).toBe(false)
	})

	// Deleted demo pictures need no preparing: the server draws them again on request
	// (tests/integration/foundation.test.ts, 'draws a deleted picture again').
	it('prepares again when a first start was cut short or the build was deleted', () => {
		const { root } = preparedCheckout()
		fs.rmSync(path.join(root, 'build/.source-fingerprint'))
		expect(upToDate(root)).toBe(false)
		const other = preparedCheckout()
		fs.rmSync(path.join(other.root, 'build/server/index.js'))
		expect(upToDate(other.root)).toBe(false)
	})
})
